import type { Account, Item } from '../../shared/model'
import type { Validation } from '../../shared/ipc/contract'

export function makeItem(id: number, overrides: Partial<Item> = {}): Item {
  return {
    id,
    name: `Item ${id}`,
    description: '<p>An item.</p>',
    category: 'Graphics',
    sub_category: 'Icons',
    options: [],
    version: '1.0.0',
    demo_link: null,
    tags: ['icons'],
    media: {
      thumbnail: `https://market.example/media/${id}/thumb.png`,
      preview_image: `https://market.example/media/${id}/preview.png`,
      preview_video: null,
      preview_audio: null,
      screenshots: []
    },
    price: { regular: 19, extended: 99 },
    currency: 'USD',
    published_at: '2024-03-02T14:05:51.000Z',
    kind: 'image',
    ...overrides
  }
}

export function makeAccount(overrides: Partial<Account> = {}): Account {
  return {
    name: { firstname: 'Ada', lastname: 'Lovelace', full_name: 'Ada Lovelace' },
    username: 'ada',
    email: 'ada@example.com',
    balance: 120.5,
    currency: 'USD',
    profile: {
      heading: 'Icons and more',
      description: '<p>Hello</p>',
      contact: { email: 'ada@example.com' },
      social_links: [],
      media: {
        avatar: 'https://market.example/media/avatar.png',
        cover: 'https://market.example/media/cover.png'
      }
    },
    registered_at: '2020-01-01T00:00:00.000Z',
    ...overrides
  }
}

export function validResult(code: string, checkedAt: string, item: Item = makeItem(7)): Validation {
  return {
    valid: true,
    code,
    checkedAt,
    purchase: {
      purchase_code: code,
      license_type: 'Regular',
      license: 'regular',
      price: 19,
      currency: 'USD',
      item,
      supported_until: '2030-01-01T00:00:00.000Z',
      downloaded: true,
      date: '2024-01-01T00:00:00.000Z'
    }
  }
}

export function invalidResult(
  code: string,
  checkedAt: string,
  message = 'Invalid purchase code'
): Validation {
  return { valid: false, code, checkedAt, message }
}
