import type { DemoAccount, DemoItem, DemoPurchase } from './types'
import type { Texts } from './texts'

/**
 * Spec mode: the shapes of docs/seller-api.md and nothing else. Fields the spec marks as
 * present only sometimes (media previews, screenshots, supported_until) are left out when
 * they do not apply. The spec gives every item a major.minor.patch version and a demo
 * link, so data a seller never set (null in the seed, as real installs send it) is filled.
 */

type Json = Record<string, unknown>

const iso = (s: string): string => new Date(s).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** "2.1" -> "2.1.0"; an unset version is the first release. */
function specVersion(version: string | null): string {
  const parts = (version ?? '1.0.0').split('.')
  while (parts.length < 3) parts.push('0')
  return parts.slice(0, 3).join('.')
}

export function specItem(item: DemoItem, origin: string, currency: string): Json {
  // An empty path is the bare site root, as a real install renders it.
  const url = (path: string): string => origin + (path === '' ? '/' : path)
  const media: Json = { thumbnail: url(item.media.thumbnail) }
  if (item.media.preview_image !== null) media['preview_image'] = url(item.media.preview_image)
  if (item.media.preview_video) media['preview_video'] = url(item.media.preview_video)
  if (item.media.preview_audio) media['preview_audio'] = url(item.media.preview_audio)
  if (item.media.screenshots.length > 0) media['screenshots'] = item.media.screenshots.map(url)
  const out: Json = {
    id: item.id,
    name: item.name,
    description: item.description,
    category: item.category,
    sub_category: item.sub_category ?? '',
    // The spec's options are plain strings: "Name: value, value".
    options: Object.entries(item.options ?? {}).map(
      ([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`
    )
  }
  return {
    ...out,
    version: specVersion(item.version),
    demo_link: item.demo_link ?? `https://demo.lumen-studio.example/item-${item.id}/`,
    tags: item.tags,
    media,
    price: { regular: item.price.regular, extended: item.price.extended },
    currency,
    published_at: iso(item.published_at)
  }
}

export function specAccount(account: DemoAccount, origin: string, currency: string): Json {
  const social: Record<string, string> = {}
  const bases: Record<string, string> = {
    facebook: 'https://www.facebook.com/',
    x: 'https://x.com/',
    youtube: 'https://www.youtube.com/@',
    linkedin: 'https://www.linkedin.com/in/',
    instagram: 'https://www.instagram.com/',
    pinterest: 'https://www.pinterest.com/'
  }
  for (const [network, name] of Object.entries(account.profile.social)) {
    if (name !== null) social[network] = bases[network] + name
  }
  return {
    name: {
      firstname: account.firstname,
      lastname: account.lastname,
      full_name: `${account.firstname} ${account.lastname}`
    },
    username: account.username,
    email: account.email,
    balance: account.balance,
    currency,
    profile: {
      heading: account.profile.heading ?? '',
      description: account.profile.description ?? '',
      contact: { email: account.profile.contact_email ?? account.email },
      social_links: social,
      media: { avatar: origin + account.profile.avatar, cover: origin + account.profile.cover }
    },
    registered_at: iso(account.registered_at)
  }
}

export function specPurchase(
  purchase: DemoPurchase,
  item: DemoItem,
  origin: string,
  currency: string,
  texts: Texts
): Json {
  const out: Json = {
    purchase_code: purchase.code,
    license_type: purchase.license === 'regular' ? texts.regular : texts.extended,
    price: purchase.price,
    currency,
    item: specItem(item, origin, currency)
  }
  if (purchase.supported_until !== null) out['supported_until'] = iso(purchase.supported_until)
  return { ...out, downloaded: purchase.downloaded, date: iso(purchase.date) }
}
