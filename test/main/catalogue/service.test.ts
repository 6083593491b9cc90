import { beforeEach, describe, expect, it } from 'vitest'
import type { Validation } from '../../../shared/ipc/contract'
import { createMemoryCatalogueCache } from '../../support/memory-catalogue-cache'
import {
  createCatalogueService,
  type CatalogueService
} from '../../../electron/main/catalogue/service'
import type { MarketplaceClientLike } from '../../../electron/main/connections/marketplace-port'
import { createLearner } from '../../../electron/main/lookup/learn'
import { fakeMarket, item, KindedError, type FakeMarket } from '../../support/fake-market'

const KEY = 'a'.repeat(64)
const CONN = 'conn-1'
const quiet = { warn: () => undefined }

/** A valid purchase of item `id`, as a check would give it. */
const purchased = (id: number): Validation => ({
  valid: true,
  code: `code-${id}`,
  checkedAt: '2025-01-02T00:00:00.000Z',
  purchase: {
    purchase_code: `code-${id}`,
    license_type: 'Regular',
    license: 'regular',
    price: 10,
    currency: 'USD',
    item: item(id),
    supported_until: null,
    downloaded: false,
    date: null
  }
})

let market: FakeMarket
let cache: ReturnType<typeof createMemoryCatalogueCache>
let allowed: string[]
let clock: number
let service: CatalogueService
let client: MarketplaceClientLike

function build(overrides: Partial<MarketplaceClientLike> = {}): CatalogueService {
  client = {
    ...market.port.createClient({ baseUrl: 'https://m.example', apiKey: KEY }),
    ...overrides
  }
  return createCatalogueService({
    connections: {
      activeClient: async () => ({ connectionId: CONN, client }),
      activeConnectionId: async () => CONN
    },
    cache,
    media: { allow: (_id, urls) => void allowed.push(...urls) },
    now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, clock++)),
    log: quiet
  })
}

beforeEach(() => {
  market = fakeMarket()
  market.keys.set(KEY, { username: 'seller', items: [1, 2] })
  cache = createMemoryCatalogueCache()
  allowed = []
  clock = 0
  service = build()
})

describe('catalogue freshness', () => {
  it('fetches when nothing is cached, then answers from the cache until asked to refresh', async () => {
    const first = await service.getAccount()
    expect(first.freshness).toEqual({
      fetchedAt: '2025-01-01T00:00:00.000Z',
      source: 'network',
      offline: false,
      refreshError: null
    })
    expect(allowed).toEqual(['https://m.example/avatar.png', 'https://m.example/cover.png'])
    market.calls.length = 0
    const second = await service.getAccount()
    expect(second.freshness.source).toBe('cache')
    expect(second.freshness.fetchedAt).toBe(first.freshness.fetchedAt)
    expect(market.calls).toEqual([])
    const refreshed = await service.getAccount({ refresh: true })
    expect(refreshed.freshness).toMatchObject({
      source: 'network',
      fetchedAt: '2025-01-01T00:00:01.000Z'
    })
  })

  it('serves the cache marked offline when the marketplace cannot be reached', async () => {
    await service.listItems()
    market.failWith = 'offline'
    const answer = await service.listItems({ refresh: true })
    expect(answer.data.items.map((i) => i.id)).toEqual([1, 2])
    expect(answer.freshness).toEqual({
      fetchedAt: '2025-01-01T00:00:00.000Z',
      source: 'cache',
      offline: true,
      refreshError: 'Failed: offline.',
      refreshErrorKind: 'offline'
    })
  })

  it('marks a server-side failure with its reason but not as offline', async () => {
    await service.getAccount()
    market.failWith = 'rate-limited'
    const answer = await service.getAccount({ refresh: true })
    expect(answer.freshness).toMatchObject({
      source: 'cache',
      offline: false,
      refreshError: 'Failed: rate-limited.'
    })
  })

  it('throws a network failure when nothing is cached, and an unauthorized key even with a cache', async () => {
    market.failWith = 'timeout'
    await expect(service.getAccount()).rejects.toMatchObject({ kind: 'timeout' })
    market.failWith = null
    await service.getAccount()
    market.failWith = 'unauthorized'
    await expect(service.getAccount({ refresh: true })).rejects.toMatchObject({
      kind: 'unauthorized'
    })
  })

  it('reads one item from the cached list without a request', async () => {
    await service.listItems()
    market.calls.length = 0
    const one = await service.getItem({ id: 2 })
    expect(one.data.id).toBe(2)
    expect(one.freshness.source).toBe('cache')
    expect(market.calls).toEqual([])
  })
})

describe('catalogue list problems', () => {
  it('falls back to known ids when the list is 404 (0 or 1 item) and reports what is gone', async () => {
    market.keys.set(KEY, { username: 'seller', items: [7] })
    const empty = await service.listItems()
    expect(empty.data).toEqual({ items: [], skipped: [], listProblem: 'empty-or-single' })
    // Learnt from a validated purchase, and one added by hand that is not (or no longer) there.
    await cache.rememberItemIds(CONN, [7, 99])
    const answer = await service.listItems({ refresh: true })
    expect(answer.data.listProblem).toBe('empty-or-single')
    expect(answer.data.items.map((i) => i.id)).toEqual([7])
    expect(answer.data.skipped).toEqual([
      { index: 1, field: 'item 99', message: 'Item 99 is no longer available on the marketplace.' }
    ])
    expect(allowed).toContain('https://m.example/7/s1.png')
  })

  it('falls back on a 500 with listProblem server-data-fault', async () => {
    service = build({
      listItemsReport: async () => {
        throw new KindedError('server', 'HTTP 500', 500)
      }
    })
    await cache.rememberItemIds(CONN, [1, 2])
    const answer = await service.listItems()
    expect(answer.data.listProblem).toBe('server-data-fault')
    expect(answer.data.items.map((i) => i.id)).toEqual([1, 2])
  })

  it('names a 503 as what it is, not as a data fault', async () => {
    service = build({
      listItemsReport: async () => {
        throw new KindedError(
          'server',
          'The marketplace is temporarily unavailable (HTTP 503).',
          503
        )
      }
    })
    await cache.rememberItemIds(CONN, [1, 2])
    await expect(service.listItems()).rejects.toMatchObject({ kind: 'server' })
  })

  it('learns an item read by id so the fallback list includes it', async () => {
    market.keys.set(KEY, { username: 'seller', items: [7] })
    await service.getItem({ id: 7 })
    const answer = await service.listItems()
    expect(answer.data.items.map((i) => i.id)).toEqual([7])
  })
})

describe('a list built from known ids learns without a Refresh', () => {
  beforeEach(async () => {
    market.keys.set(KEY, { username: 'seller', items: [1, 7, 8] })
    service = build({
      listItemsReport: async () => ({ items: [], skipped: [] })
    })
    await cache.rememberItemIds(CONN, [1, 99])
    const first = await service.listItems()
    expect(first.data.items.map((i) => i.id)).toEqual([1])
    expect(first.data.skipped.map((sk) => sk.field)).toEqual(['item 99'])
  })

  it('an item added by id is in the cached list, with the list still dated as it was', async () => {
    const before = await cache.readItems(CONN)
    await service.getItem({ id: 7, refresh: true })
    const after = await service.listItems()
    expect(after.freshness.source).toBe('cache')
    expect(after.freshness.fetchedAt).toBe(before?.fetchedAt)
    expect(after.data.items.map((i) => i.id)).toEqual([1, 7])
    expect(after.data.listProblem).toBe('empty-or-single')
  })

  it('items of validated purchases join it, all of them when checked at once, and found ones leave skipped', async () => {
    const learn = createLearner({ cache, log: quiet })
    await Promise.all([7, 8, 99].map((id) => learn(CONN, purchased(id))))
    const after = await service.listItems()
    expect(after.data.items.map((i) => i.id).sort()).toEqual([1, 7, 8, 99])
    // Item 99 turned out to exist after all: it is no longer reported as gone.
    expect(after.data.skipped).toEqual([])
  })

  it('an older copy of an item the list found gone is not brought back', async () => {
    await cache.writeItem(CONN, { data: item(99), fetchedAt: '2024-06-01T00:00:00.000Z' })
    const again = await service.listItems()
    expect(again.freshness.source).toBe('cache')
    expect(again.data.items.map((i) => i.id)).toEqual([1])
    expect(again.data.skipped.map((sk) => sk.field)).toEqual(['item 99'])
  })

  it('a list the marketplace answered is not changed by what is learnt', async () => {
    service = build()
    const listed = await service.listItems({ refresh: true })
    expect(listed.data.listProblem).toBeNull()
    const ids = listed.data.items.map((i) => i.id)
    await service.getItem({ id: 99, refresh: true }).catch(() => undefined)
    await createLearner({ cache, log: quiet })(CONN, purchased(7))
    expect((await service.listItems()).data.items.map((i) => i.id)).toEqual(ids)
  })
})

describe('reading the cached list', () => {
  const firstWindow = {
    query: '',
    category: '',
    kind: 'all' as const,
    sort: 'newest' as const,
    offset: 0,
    limit: 120
  }

  it('reads the file once for windows asked while it is being read, and again after a write', async () => {
    await service.listItems({ refresh: true })
    let reads = 0
    const readItems = cache.readItems.bind(cache)
    cache.readItems = async (id) => {
      reads++
      return readItems(id)
    }
    const [a, b] = await Promise.all([
      service.queryItems(firstWindow),
      service.queryItems({ ...firstWindow, sort: 'name' })
    ])
    expect(reads).toBe(1)
    expect(a.data.total).toBe(2)
    expect(b.data.total).toBe(2)
    market.keys.set(KEY, { username: 'seller', items: [1, 2, 3] })
    const refreshed = service.queryItems({ ...firstWindow, refresh: true })
    const during = service.queryItems(firstWindow)
    expect((await refreshed).data.total).toBe(3)
    await during
    expect((await service.queryItems(firstWindow)).data.total).toBe(3)
    expect(reads).toBeGreaterThanOrEqual(3)
  })
})

describe('a refresh does not hold the list it may replace', () => {
  /** The memory cache with a kept list that can be let go, as the file cache keeps one. */
  function releasing(): { released: () => number; reads: () => number } {
    let released = 0
    let reads = 0
    const readItems = cache.readItems.bind(cache)
    cache.readItems = async (id) => {
      reads++
      return readItems(id)
    }
    cache.releaseItems = () => void released++
    service = build()
    return { released: () => released, reads: () => reads }
  }

  it('lets go of the cached list before asking, and reads nothing again on success', async () => {
    await service.listItems()
    const seen = releasing()
    let releasedBeforeAsking = -1
    service = build({
      listItemsReport: async () => {
        releasedBeforeAsking = seen.released()
        return { items: [item(1), item(2), item(3)], skipped: [] }
      }
    })
    const answer = await service.listItems({ refresh: true })
    expect(releasedBeforeAsking).toBe(1)
    expect(seen.reads()).toBe(1)
    expect(answer.data.items.map((i) => i.id)).toEqual([1, 2, 3])
    // Only a refresh lets go: a cached answer keeps the list where it is.
    await service.listItems()
    expect(seen.released()).toBe(1)
  })

  it('reads the list again to answer offline, and to keep a saved list longer than a fallback', async () => {
    await service.listItems()
    const seen = releasing()
    market.failWith = 'offline'
    const offline = await service.listItems({ refresh: true })
    expect(offline.data.items.map((i) => i.id)).toEqual([1, 2])
    expect(offline.freshness).toMatchObject({ source: 'cache', offline: true })
    expect(seen.reads()).toBe(2)
    market.failWith = null
    service = build({ listItemsReport: async () => ({ items: [], skipped: [] }) })
    await cache.rememberItemIds(CONN, [2])
    const kept = await service.listItems({ refresh: true })
    expect(kept.data.items.map((i) => i.id)).toEqual([1, 2])
    expect(kept.freshness.refreshError).toMatch(/saved list is kept/)
  })
})

describe('a cancelled catalogue refresh', () => {
  /** Counts the item-list writes the cache is asked for. */
  const countWrites = (): { n: number } => {
    const writes = { n: 0 }
    const write = cache.writeItems.bind(cache)
    cache.writeItems = async (id, entry) => {
      writes.n++
      return write(id, entry)
    }
    return writes
  }

  it('cancelled after its answer came, keeps the saved list and writes nothing', async () => {
    const saved = await service.listItems()
    const writes = countWrites()
    const reads: Array<string | undefined> = []
    service = build({
      listItemsReport: async (options) => {
        options?.onProgress?.('reading', 1, 3)
        reads.push((await service.refreshProgress())?.phase)
        expect(await service.cancelRefresh()).toEqual({ cancelled: true })
        return { items: [item(1), item(2), item(3)], skipped: [] }
      }
    })
    const answer = await service.listItems({ refresh: true })
    expect(reads).toEqual(['reading'])
    expect(answer.data.items.map((i) => i.id)).toEqual([1, 2])
    expect(answer.freshness).toEqual({
      fetchedAt: saved.freshness.fetchedAt,
      source: 'cache',
      offline: false,
      refreshError: 'Refresh cancelled: showing the saved list.',
      refreshErrorKind: 'aborted'
    })
    expect(writes.n).toBe(0)
    expect(await service.refreshProgress()).toBeNull()
  })

  it('cannot be cancelled once it saves the new list', async () => {
    await service.listItems()
    const writes = countWrites()
    const write = cache.writeItems
    cache.writeItems = async (id, entry) => {
      expect(await service.refreshProgress()).toMatchObject({
        phase: 'saving',
        cancellable: false
      })
      expect(await service.cancelRefresh()).toEqual({ cancelled: false })
      return write(id, entry)
    }
    const answer = await service.listItems({ refresh: true })
    expect(answer.freshness.source).toBe('network')
    expect(writes.n).toBe(1)
  })

  it('fails as cancelled on a first sync, with nothing saved', async () => {
    service = build({
      listItemsReport: async () => {
        await service.cancelRefresh()
        return { items: [item(1)], skipped: [] }
      }
    })
    await expect(service.listItems()).rejects.toMatchObject({ kind: 'aborted' })
    expect(await cache.readItems(CONN)).toBeNull()
  })

  it('cancelled by close, ends without reading the saved list back, and writes nothing', async () => {
    await service.listItems()
    const writes = countWrites()
    let reads = 0
    const readItems = cache.readItems.bind(cache)
    cache.readItems = async (id) => {
      reads++
      return readItems(id)
    }
    // As the file cache: a refresh only asks whether a list is saved, and lets go of it.
    cache.hasItems = async () => true
    cache.releaseItems = () => undefined
    let closed: Promise<void> | null = null
    service = build({
      listItemsReport: async () => {
        closed = service.close()
        return { items: [item(1), item(2), item(3)], skipped: [] }
      }
    })
    await expect(service.listItems({ refresh: true })).rejects.toMatchObject({ kind: 'aborted' })
    await closed
    expect(reads).toBe(0)
    expect(writes.n).toBe(0)
    expect(await service.refreshProgress()).toBeNull()
  })
})
