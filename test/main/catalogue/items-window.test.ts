import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ItemsQuery } from '../../../shared/ipc/contract'
import { createMemoryCatalogueCache } from '../../support/memory-catalogue-cache'
import {
  createCatalogueService,
  type CatalogueService
} from '../../../electron/main/catalogue/service'
import {
  indexOf,
  narrows,
  SEARCH_TEXT_SLICE,
  searchReady,
  windowOf
} from '../../../electron/main/catalogue/items-window'
import * as itemSearch from '../../../electron/main/catalogue/item-search'
import type { MarketplaceClientLike } from '../../../electron/main/connections/marketplace-port'
import { fakeMarket, item, type FakeMarket } from '../../support/fake-market'

const KEY = 'b'.repeat(64)
const CONN = 'conn-1'

let market: FakeMarket
let allowed: string[]
let service: CatalogueService

const query = (patch: Partial<ItemsQuery> = {}): ItemsQuery => ({
  query: '',
  category: '',
  kind: 'all',
  sort: 'newest',
  offset: 0,
  limit: 50,
  ...patch
})

/** The service over one connection's client and cache, the media route's allow list seen. */
function serviceOn(
  client: MarketplaceClientLike,
  cache = createMemoryCatalogueCache()
): CatalogueService {
  return createCatalogueService({
    connections: {
      activeClient: async () => ({ connectionId: CONN, client }),
      activeConnectionId: async () => CONN
    },
    cache,
    media: { allow: (_id, urls) => void allowed.push(...urls) },
    log: { warn: () => undefined }
  })
}

beforeEach(() => {
  market = fakeMarket()
  const ids = Array.from({ length: 30 }, (_, i) => i + 1)
  market.keys.set(KEY, { username: 'seller', items: ids })
  const items = ids.map((id) => ({
    ...item(id),
    name: id % 10 === 0 ? `Rare ${id}` : `Common ${id}`,
    category: id % 2 === 0 ? 'Even' : 'Odd',
    price: { regular: 100 - id, extended: 200 },
    published_at: `2024-01-${String(id).padStart(2, '0')}T00:00:00.000Z`
  }))
  allowed = []
  const client = {
    ...market.port.createClient({ baseUrl: 'https://m.example', apiKey: KEY }),
    listItemsReport: async () => ({ items, skipped: [] })
  }
  service = serviceOn(client)
})

describe('queryItems: main answers the window the grid shows', () => {
  it('answers one window of the filtered, sorted list with its counts, not the whole list', async () => {
    const first = await service.queryItems(query({ limit: 5 }))
    expect(first.freshness.source).toBe('network')
    expect(first.data).toMatchObject({ offset: 0, matched: 30, total: 30, listProblem: null })
    expect(first.data.categories).toEqual(['Even', 'Odd'])
    expect(first.data.rows.map((r) => r.id)).toEqual([30, 29, 28, 27, 26])
    // A row is what a card shows: no description, tags or screenshots.
    expect(Object.keys(first.data.rows[0]!).sort()).toEqual(
      [
        'category',
        'currency',
        'id',
        'kind',
        'media',
        'name',
        'price',
        'published_at',
        'sub_category',
        'version'
      ].sort()
    )
    expect(first.data.rows[0]!.media).toEqual({
      thumbnail: 'https://m.example/30/thumb.png',
      preview_image: 'https://m.example/30/preview.png'
    })

    const next = await service.queryItems(query({ offset: 28, limit: 5 }))
    expect(next.freshness.source).toBe('cache')
    expect(next.data.rows.map((r) => r.id)).toEqual([2, 1])

    const rare = await service.queryItems(query({ query: 'RARE', sort: 'price-asc' }))
    expect(rare.data.matched).toBe(3)
    expect(rare.data.rows.map((r) => r.name)).toEqual(['Rare 30', 'Rare 20', 'Rare 10'])
    const odd = await service.queryItems(query({ category: 'Odd', sort: 'name', limit: 2 }))
    expect(odd.data).toMatchObject({ matched: 15, total: 30 })
    expect(odd.data.rows.map((r) => r.name)).toEqual(['Common 1', 'Common 3'])
  })

  it('lets the media route fetch only what a window showed', async () => {
    await service.queryItems(query({ limit: 2 }))
    expect(allowed).toEqual([
      'https://m.example/30/thumb.png',
      'https://m.example/30/preview.png',
      'https://m.example/30/s1.png',
      'https://m.example/29/thumb.png',
      'https://m.example/29/preview.png',
      'https://m.example/29/s1.png'
    ])
  })

  it('says whether an item is in the list when asked', async () => {
    expect((await service.queryItems(query({ has: 7, limit: 1 }))).data.has).toBe(true)
    expect((await service.queryItems(query({ has: 77, limit: 1 }))).data.has).toBe(false)
    expect((await service.queryItems(query())).data.has).toBeUndefined()
  })
})

describe('queryItems: a search that narrows the last one', () => {
  it('knows a narrowing search from one that is not', () => {
    expect(narrows(['ra'], ['rar'])).toBe(true)
    expect(narrows(['rare'], ['rare', '3'])).toBe(true)
    expect(narrows(['are', 'com'], ['common', 'rare'])).toBe(true)
    expect(narrows(['rare'], ['rar'])).toBe(false)
    expect(narrows(['rare', '3'], ['rare'])).toBe(false)
    expect(narrows([], ['rare'])).toBe(false)
  })

  it('answers each keystroke as a fresh search would, typing on and back', async () => {
    const typed = ['r', 'ra', 'rare', 'rare 3', 'rare 30', 'rare 3', 'rare', 'co', 'com 1', 'c']
    const asTyped = []
    for (const q of typed) asTyped.push((await service.queryItems(query({ query: q }))).data)
    const fresh = []
    for (const q of typed) {
      // Another filter in between: each answer is computed from the whole list.
      await service.queryItems(query({ kind: 'video' }))
      fresh.push((await service.queryItems(query({ query: q }))).data)
    }
    expect(asTyped).toEqual(fresh)
    expect(asTyped[4]!.rows.map((r) => r.id)).toEqual([30])
    expect(asTyped[8]!.matched).toBe(11)
  })
})

describe('queryItems: the search text of a new list', () => {
  it('is built in slices after the list is first answered, before anything is searched', async () => {
    const items = Array.from({ length: SEARCH_TEXT_SLICE * 2 + 3 }, (_, n) => ({
      ...item(n + 1),
      name: n % 7 === 0 ? 'Seven' : 'Other'
    }))
    const payload = { items, skipped: [], listProblem: null }
    windowOf(payload, query())
    const index = indexOf(items)
    expect(index.searchBuilt).toBe(0)
    await new Promise((r) => setImmediate(r))
    expect(index.searchBuilt).toBe(SEARCH_TEXT_SLICE)
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r))
    expect(index.searchBuilt).toBe(items.length)
    const found = windowOf(payload, query({ query: 'seven', limit: 5 })).window
    expect(found.matched).toBe(Math.ceil(items.length / 7))
  })
})

describe('queryItems: the warm-up searches of a new list', () => {
  const list = (word: string): { items: ReturnType<typeof item>[] } => ({
    items: Array.from({ length: SEARCH_TEXT_SLICE + 7 }, (_, n) => ({
      ...item(n + 1),
      name: n % 3 === 0 ? word : 'Other'
    }))
  })
  const warmUps = (calls: Array<[unknown, { query: string }]>): string[] =>
    calls.map(([, filters]) => filters.query).filter((q) => q !== '')

  it('run once its search text is built, and not on a list the seller is searching', async () => {
    const search = vi.spyOn(itemSearch, 'matchPositions')
    try {
      // Nobody searches this one: its loops are warmed with thrown-away searches.
      const quiet = { ...list('Quiet'), skipped: [], listProblem: null }
      windowOf(quiet, query())
      await searchReady(quiet.items)
      expect(warmUps(search.mock.calls)).toEqual(['e', 'ea'])

      // The seller searches this one before its warm-up would run: their keys warm it.
      search.mockClear()
      const typed = { ...list('Typed'), skipped: [], listProblem: null }
      windowOf(typed, query())
      expect(windowOf(typed, query({ query: 'typed' })).window.matched).toBe(
        Math.ceil(typed.items.length / 3)
      )
      await searchReady(typed.items)
      expect(warmUps(search.mock.calls)).toEqual(['typed'])
    } finally {
      search.mockRestore()
    }
  })
})

describe('queryItems: a search of a list just read', () => {
  it('makes its index and search text in slices before the search, which then builds nothing', async () => {
    const items = Array.from({ length: SEARCH_TEXT_SLICE * 3 + 5 }, (_, n) => ({
      ...item(n + 1),
      name: n % 7 === 0 ? 'Seven' : 'Other'
    }))
    const cache = createMemoryCatalogueCache()
    await cache.writeItems(CONN, {
      data: { items, skipped: [], listProblem: null },
      fetchedAt: new Date().toISOString()
    })
    const searching = serviceOn(
      market.port.createClient({ baseUrl: 'https://m.example', apiKey: KEY }),
      cache
    )
    // How many items' search text each call from outside item-search made. The search's own
    // call (inside item-search) is not seen here: the slices before it must make them all.
    const build = itemSearch.buildSearchText
    const made: number[] = []
    const calls = vi.spyOn(itemSearch, 'buildSearchText').mockImplementation((index, count) => {
      const before = index.searchBuilt
      const done = build(index, count)
      made.push(index.searchBuilt - before)
      return done
    })
    try {
      const answer = await searching.queryItems(query({ query: 'seven', limit: 5 }))
      expect(answer.data.matched).toBe(Math.ceil(items.length / 7))
      expect(made.reduce((a, b) => a + b, 0)).toBe(items.length)
      expect(Math.max(...made)).toBeLessThanOrEqual(SEARCH_TEXT_SLICE)
    } finally {
      calls.mockRestore()
    }
  })
})

describe('queryItems: a refreshed list', () => {
  it("takes the cached one's place with its search text built: a search after the sync builds nothing", async () => {
    const many = Array.from({ length: SEARCH_TEXT_SLICE * 3 + 1 }, (_, n) => ({
      ...item(n + 1),
      name: n % 5 === 0 ? 'Fifth' : 'Other'
    }))
    let listed: typeof many | null = null
    const client = {
      ...market.port.createClient({ baseUrl: 'https://m.example', apiKey: KEY }),
      listItemsReport: async () => {
        listed = many.map((i) => ({ ...i }))
        return { items: listed, skipped: [] }
      }
    }
    const synced = serviceOn(client)
    const answer = await synced.queryItems(query({ refresh: true }))
    expect(answer.freshness.source).toBe('network')
    // The very list the cache now holds and answers from, searched at once.
    const index = indexOf(listed!)
    expect(index.searchBuilt).toBe(many.length)
    const found = await synced.queryItems(query({ query: 'fifth', limit: 3 }))
    expect(found.data.matched).toBe(Math.ceil(many.length / 5))
    expect(indexOf(listed!)).toBe(index)
  })
})

describe('searchReady for a refresh', () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => item(i + 1))

  it('says how far the index is, item by item, ending at all of them', async () => {
    const items = list(SEARCH_TEXT_SLICE * 3 + 5)
    const said: Array<[string, number, number]> = []
    await searchReady(items, {
      onProgress: (phase, done, total) => said.push([phase, done, total])
    })
    expect(said[0]).toEqual(['indexing', 0, items.length])
    expect(said.at(-1)).toEqual(['indexing', items.length, items.length])
    const dones = said.map(([, done]) => done)
    // Steps in between, in order: not only the start and the end.
    expect(new Set(dones).size).toBeGreaterThan(2)
    expect(dones).toEqual([...dones].sort((a, b) => a - b))
  })

  it('stops at its next turn once cancelled, throwing why', async () => {
    const items = list(SEARCH_TEXT_SLICE * 4)
    const controller = new AbortController()
    const why = new Error('cancelled by the seller')
    let said = 0
    const ready = searchReady(items, {
      signal: controller.signal,
      onProgress: () => {
        if (++said === 2) controller.abort(why)
      }
    })
    await expect(ready).rejects.toBe(why)
    expect(indexOf(items).searchBuilt).toBeLessThan(items.length)
  })
})
