import type { Account, Item, Purchase } from '../../shared/model'
import type {
  MarketplaceClientLike,
  MarketplacePort
} from '../../electron/main/connections/marketplace-port'

const account = (username = 'seller'): Account => ({
  name: { firstname: 'Sam', lastname: 'Seller', full_name: 'Sam Seller' },
  username,
  email: `${username}@example.com`,
  balance: 12.5,
  currency: 'USD',
  profile: {
    heading: null,
    description: null,
    contact: { email: null },
    social_links: [],
    media: { avatar: 'https://m.example/avatar.png', cover: 'https://m.example/cover.png' }
  },
  registered_at: '2024-03-02T14:05:51.000Z'
})

export const item = (id: number): Item => ({
  id,
  name: `Item ${id}`,
  description: '<p>desc</p>',
  category: 'Graphics',
  sub_category: 'Icons',
  options: [],
  version: '1.0.0',
  demo_link: null,
  tags: ['a'],
  media: {
    thumbnail: `https://m.example/${id}/thumb.png`,
    preview_image: `https://m.example/${id}/preview.png`,
    preview_video: null,
    preview_audio: null,
    screenshots: [`https://m.example/${id}/s1.png`]
  },
  price: { regular: 10, extended: 50 },
  currency: 'USD',
  published_at: '2024-03-02T14:05:51.000Z',
  kind: 'image'
})

const purchase = (code: string, itemId: number): Purchase => ({
  purchase_code: code,
  license_type: 'Regular',
  license: 'regular',
  price: 10,
  currency: 'USD',
  item: item(itemId),
  supported_until: null,
  downloaded: false,
  date: '2024-03-02T14:05:51.000Z'
})

/** A kinded error as the marketplace client raises them. */
export class KindedError extends Error {
  constructor(
    readonly kind: string,
    message: string,
    /** The HTTP status, where the failure was an answer (a MarketplaceError's). */
    readonly status?: number
  ) {
    super(message)
  }
}

export interface FakeMarket {
  /** What each key is: a seller with these items, a buyer, or nothing (unauthorized). */
  keys: Map<string, { username: string; items: number[] }>
  /** Set to make every call fail with this kind. */
  failWith: string | null
  /** Calls made, by operation. */
  calls: string[]
  port: MarketplacePort
}

export function fakeMarket(): FakeMarket {
  const market: FakeMarket = {
    keys: new Map(),
    failWith: null,
    calls: [],
    port: {
      normaliseBaseUrl: (raw) => {
        const url = new URL(raw.trim())
        if (url.protocol !== 'https:' && url.hostname !== '127.0.0.1')
          throw new KindedError('insecure-url', 'Use https.')
        return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
      },
      createClient: ({ apiKey }) => client(market, apiKey)
    }
  }
  return market
}

function client(market: FakeMarket, apiKey: string): MarketplaceClientLike {
  const who = async (op: string) => {
    market.calls.push(op)
    if (market.failWith) throw new KindedError(market.failWith, `Failed: ${market.failWith}.`)
    const found = market.keys.get(apiKey)
    if (!found) throw new KindedError('unauthorized', 'The marketplace refused this API key.')
    return found
  }
  return {
    pacer: { state: () => ({ throttledUntil: null }) },
    getAccount: async () => account((await who('account')).username),
    listItemsReport: async () => {
      const { items } = await who('list')
      if (items.length < 2) throw new KindedError('not-found', 'No Items Found')
      return { items: items.map(item), skipped: [] }
    },
    getItem: async (id) => {
      const { items } = await who(`item:${id}`)
      if (!items.includes(id)) throw new KindedError('not-found', 'Item Not Found')
      return item(id)
    },
    validatePurchase: async (code) => {
      const { items } = await who('validate')
      if (code === 'good-code' && items[0] !== undefined)
        return { valid: true, purchase: purchase(code, items[0]) }
      return { valid: false, message: 'Invalid purchase code' }
    }
  }
}
