/**
 * Wire bodies exactly as the spec shows them, and as a real install (Laravel 2.3) sends
 * them. Tests start from these and change one field at a time, so a failure names the
 * variant that broke.
 */

export const SITE = 'https://market.example'

export function specItem(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 101,
    name: 'Dashboard Kit',
    description: '<p>A <b>clean</b> admin kit.</p>',
    category: 'Templates',
    sub_category: 'Admin',
    options: ['Responsive', 'Dark mode'],
    version: '2.4.1',
    demo_link: `${SITE}/demo/101`,
    tags: ['admin', 'dashboard'],
    media: {
      thumbnail: `${SITE}/media/101/thumb.jpg`,
      preview_image: `${SITE}/media/101/preview.jpg`,
      screenshots: [`${SITE}/media/101/s1.jpg`, `${SITE}/media/101/s2.jpg`]
    },
    price: { regular: 24, extended: 120.5 },
    currency: 'USD',
    published_at: '2024-03-02T14:05:51Z',
    ...over
  }
}

/** The same item the way real-installs §19–28 describe it. */
export function realItem(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 101,
    name: 'Dashboard Kit',
    description: '<p>A <b>clean</b> admin kit.</p>',
    category: 'Templates',
    sub_category: 'Admin',
    options: { Layout: 'Responsive', Browsers: ['Chrome', 'Firefox'] },
    version: '1.0',
    demo_link: null,
    tags: 'admin,dashboard, dark mode',
    media: {
      thumbnail: `http://market.example/media/101/thumb.jpg?v=3`,
      preview_image: `http://market.example/media/101/preview.jpg`,
      screenshots: {
        '1': `http://market.example/media/101/s2.jpg`,
        '0': `http://market.example/media/101/s1.jpg`
      }
    },
    price: { regular: 21.099999999999998, extended: 120 },
    currency: null,
    published_at: '2024-03-02T14:05:51.000000Z',
    ...over
  }
}

export function specAccount(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: { firstname: 'Ada', lastname: 'Lovelace', full_name: 'Ada Lovelace' },
    username: 'ada',
    email: 'ada@example.com',
    balance: 1520.75,
    currency: 'EUR',
    profile: {
      heading: 'Templates that ship',
      description: '<p>Hello</p>',
      contact: { email: 'support@example.com' },
      social_links: { github: 'https://github.com/ada', mastodon: 'https://mastodon.social/@ada' },
      media: { avatar: `${SITE}/avatars/ada.png`, cover: `${SITE}/covers/ada.jpg` }
    },
    registered_at: '2020-01-15T09:30:00Z',
    ...over
  }
}

export function specPurchase(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    purchase_code: '3f2a1b4c-5d6e-4f70-8192-a3b4c5d6e7f8',
    license_type: 'Regular',
    price: 24,
    currency: 'USD',
    item: specItem(),
    supported_until: '2025-03-02T14:05:51Z',
    downloaded: true,
    date: '2024-03-02T14:05:51Z',
    ...over
  }
}

/** Replaces one key of a nested object, leaving its siblings as they were. */
export function withMedia(
  over: Record<string, unknown>,
  base = specItem()
): Record<string, unknown> {
  return { ...base, media: { ...(base.media as Record<string, unknown>), ...over } }
}

export function withProfile(
  over: Record<string, unknown>,
  base = specAccount()
): Record<string, unknown> {
  return { ...base, profile: { ...(base.profile as Record<string, unknown>), ...over } }
}

export function without(obj: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => k !== key))
}
