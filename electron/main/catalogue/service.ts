import type { Account, Item } from '../../../shared/model'
import type { Freshness, ItemsPayload, ItemsQuery, ResponseOf } from '../../../shared/ipc/contract'
import type { ActiveClient } from '../connections/service'
import type { MarketplaceClientLike } from '../connections/marketplace-port'
import { FIRST_WINDOW } from '../../../shared/item-summary'
import { openingWindowOf, prepareSearch, searchReady, windowOf } from './items-window'
import { queryWords } from './item-search'
import { kindOf } from '../util/kind-of'
import { createListSources, keepLargerList, NETWORK_KINDS } from './list-sources'
import { accountMediaUrls, itemMediaUrls } from './media-urls'
import { reuseItemsOf } from './item-reuse'
import type { CachedEntry, CatalogueCache, MediaRegistry } from './ports'
import { createRefreshTracker, type RefreshRun, type RefreshTracker } from './refresh-progress'

export interface CatalogueServiceOptions {
  connections: {
    activeClient(): Promise<ActiveClient>
    /**
     * The active connection's id without reading its key: cached data needs no key, so a
     * locked or missing keychain hides nothing saved.
     */
    activeConnectionId(): Promise<string>
  }
  cache: CatalogueCache
  media: MediaRegistry
  /** Single reads in flight at once when the list endpoint cannot be used. */
  fallbackConcurrency?: number
  now?: () => Date
  log?: { warn(message: string): void }
  /** Where catalogue refreshes say how far they are, and are cancelled; default a new one. */
  refreshes?: RefreshTracker
}

export interface CatalogueService {
  getAccount(request?: { refresh?: boolean }): Promise<ResponseOf<'getAccount'>>
  listItems(request?: { refresh?: boolean }): Promise<ResponseOf<'listItems'>>
  /** The window of the list the grid shows; the list is read as listItems reads it. */
  queryItems(request: ItemsQuery): Promise<ResponseOf<'queryItems'>>
  getItem(request: { id: number; refresh?: boolean }): Promise<ResponseOf<'getItem'>>
  /** The window the Items view opens on: kept beside the list, so a start need not read it all. */
  openingWindow(): Promise<NonNullable<ResponseOf<'openingWindow'>>>
  /** How far the active connection's catalogue refresh is; null when none runs. */
  refreshProgress(): Promise<ResponseOf<'getRefreshProgress'>>
  /** Cancels it: it answers with the saved list, and writes nothing. */
  cancelRefresh(): Promise<ResponseOf<'cancelRefresh'>>
  /**
   * Cancels the refreshes under way and waits for them to end (the app is closing). One it
   * cancels fails as cancelled rather than reading the saved list to answer with.
   */
  close(): Promise<void>
}

interface Fresh<T> {
  data: T
  freshness: Freshness
}

const OFFLINE_KINDS = new Set(['offline', 'timeout'])
// The key cannot be read (keychain locked or missing, key deleted): saved data still shows.
const KEY_KINDS = new Set(['keychain-unavailable', 'no-connection'])

const KEYCHAIN_LOCKED_SAVED_DATA =
  'Keychain locked: showing saved data; nothing refreshes until it is unlocked.'
/** The page words it with the saved list's date, in the seller's own format. */
const CANCELLED_SAVED_DATA = 'Refresh cancelled: showing the saved list.'

/**
 * Account and catalogue of the active connection, with the freshness
 * rules the renderer drives (stale-while-revalidate): without `refresh` a cached copy is
 * answered at once; with it (or with nothing cached) the marketplace is asked, and if it
 * cannot be reached the cached copy comes back marked with why.
 */
export function createCatalogueService(options: CatalogueServiceOptions): CatalogueService {
  const { cache, media } = options
  const now = options.now ?? (() => new Date())
  const log = options.log ?? console
  const concurrency = Math.max(1, options.fallbackConcurrency ?? 4)
  const refreshes = options.refreshes ?? createRefreshTracker()
  /** Set by `close()`: a refresh it cancels ends there, without reading the saved list to answer. */
  let closing = false

  /** Cache writes help later; their failure must not fail the answer the seller is waiting for. */
  const quietly = async (what: string, work: () => Promise<void>): Promise<void> => {
    try {
      await work()
    } catch {
      log.warn(`[catalogue] Could not ${what}.`)
    }
  }

  const { withLearntItems, fetchItems } = createListSources({ cache, concurrency, now, quietly })

  const allow = (connectionId: string, urls: string[]): void => {
    if (urls.length > 0) media.allow(connectionId, urls)
  }

  async function fresh<T>(spec: {
    refresh: boolean
    read: () => Promise<CachedEntry<T> | null>
    fetch: () => Promise<T>
    write: (entry: CachedEntry<T>) => Promise<void>
    seen: (data: T) => void
    /**
     * A fresh answer that must not replace the cached copy as it is (a fallback that knows
     * less than the cache): what to keep instead, with why. Null takes the answer as is.
     */
    keep?: (fetched: T, cached: CachedEntry<T>) => { data: T; why: string } | null
    /** Whether `keep` needs the cached copy for this answer (no: the cached copy is not read again). */
    keeps?: (fetched: T) => boolean
    /** Lets go of the cached copy kept in memory, which `read` then reads again from disk. */
    release?: () => void
    /**
     * Whether a cached copy is there, without reading it: a refresh then reads it only if
     * its answer needs it (a whole catalogue's parse held the event loop for 0.1-1 s).
     */
    cached?: () => Promise<boolean>
  }): Promise<Fresh<T>> {
    const probe = spec.refresh ? spec.cached : undefined
    let held = probe ? null : await spec.read().catch(() => null)
    /** A cached copy as the answer, with what the seller is told about its age. */
    const fromCache = (
      data: T,
      fetchedAt: string,
      why: Omit<Freshness, 'fetchedAt' | 'source'>
    ): Fresh<T> => {
      spec.seen(data)
      return { data, freshness: { fetchedAt, source: 'cache', ...why } }
    }
    if (held && !spec.refresh)
      return fromCache(held.data, held.fetchedAt, { offline: false, refreshError: null })
    // A refresh does not hold the copy it may replace: two whole catalogues in memory at
    // once were the host's peak. It is read again only when the answer needs it.
    const hadCache = probe ? await probe().catch(() => false) : held !== null
    if (hadCache && spec.release) {
      spec.release()
      held = null
    }
    const cachedCopy = async (): Promise<CachedEntry<T> | null> =>
      hadCache ? (held ?? (await spec.read().catch(() => null))) : null
    try {
      const data = await spec.fetch()
      const cached = spec.keep && (spec.keeps?.(data) ?? true) ? await cachedCopy() : null
      const kept = cached && spec.keep ? spec.keep(data, cached) : null
      if (cached && kept) {
        // Still the cached copy's age: only part of it was read again.
        const entry = { data: kept.data, fetchedAt: cached.fetchedAt }
        await quietly('update the cache', () => spec.write(entry))
        return fromCache(kept.data, cached.fetchedAt, { offline: false, refreshError: kept.why })
      }
      const fetchedAt = now().toISOString()
      await quietly('update the cache', () => spec.write({ data, fetchedAt }))
      spec.seen(data)
      return {
        data,
        freshness: { fetchedAt, source: 'network', offline: false, refreshError: null }
      }
    } catch (e) {
      const kind = kindOf(e)
      const kept = kind === 'aborted' || NETWORK_KINDS.has(kind ?? '') || KEY_KINDS.has(kind ?? '')
      if (!hadCache || kind === null || !kept) throw e
      // Nobody waits for this answer any more, and reading the saved list back (1.8 s at
      // 100,000 items) would only hold up the quit.
      if (closing && kind === 'aborted') throw e
      const cached = await cachedCopy()
      if (!cached) throw e
      // A cancelled refresh is the seller's choice, not a fault: the saved list, said so.
      const words =
        kind === 'aborted'
          ? CANCELLED_SAVED_DATA
          : kind === 'keychain-unavailable'
            ? KEYCHAIN_LOCKED_SAVED_DATA
            : (e as Error).message
      return fromCache(cached.data, cached.fetchedAt, {
        offline: OFFLINE_KINDS.has(kind),
        refreshError: words,
        refreshErrorKind: kind
      })
    }
  }

  /** The active connection now; its client (and so its key) only once the marketplace is asked. */
  const active = async (): Promise<{
    connectionId: string
    client: () => Promise<MarketplaceClientLike>
  }> => {
    const { connections } = options
    return {
      connectionId: await connections.activeConnectionId(),
      client: async () => (await connections.activeClient()).client
    }
  }

  const getAccount: CatalogueService['getAccount'] = async (request) => {
    const { connectionId, client } = await active()
    return fresh<Account>({
      refresh: request?.refresh === true,
      read: async () => cache.readAccount(connectionId),
      fetch: async () => (await client()).getAccount(),
      write: async (entry) => cache.writeAccount(connectionId, entry),
      seen: (account) => allow(connectionId, accountMediaUrls(account))
    })
  }

  // One read of a cached list at a time: a read asked while another is under way (the
  // host's warm-up and the page's first window) shares it instead of parsing the file
  // again. A write starts reads afresh, so nothing read before it is answered after it.
  const readingList = new Map<string, Promise<CachedEntry<ItemsPayload> | null>>()
  const readCachedList = (connectionId: string): Promise<CachedEntry<ItemsPayload> | null> => {
    const under = readingList.get(connectionId)
    if (under) return under
    const reading = cache.readItems(connectionId).finally(() => {
      if (readingList.get(connectionId) === reading) readingList.delete(connectionId)
    })
    readingList.set(connectionId, reading)
    return reading
  }

  const readList = async (
    refresh: boolean,
    seen: (connectionId: string, payload: ItemsPayload) => void
  ) => {
    const { connectionId, client } = await active()
    // Ended once the answer is settled: the new list is saved before it is answered.
    const runs: RefreshRun[] = []
    const listed = await fresh<ItemsPayload>({
      refresh,
      read: async () => withLearntItems(connectionId, await readCachedList(connectionId)),
      fetch: async () => {
        const run = refreshes.start(connectionId)
        runs.push(run)
        const watch = { signal: run.signal, onProgress: run.report }
        // Unchanged items stay the saved list's own, when it is in memory (item-reuse.ts).
        const { itemsInMemory } = cache
        const reuse = itemsInMemory
          ? reuseItemsOf(() => itemsInMemory.call(cache, connectionId))
          : undefined
        const fetched = await fetchItems(connectionId, await client(), {
          ...watch,
          ...(reuse ? { reuse } : {})
        })
        run.check()
        // The list takes the cached one's place (written, then answered) ready to search.
        await searchReady(fetched.items, watch)
        run.check()
        // Past here nothing cancels it: the list is saved whole, never in part.
        run.committing()
        return fetched
      },
      write: async (entry) => {
        readingList.delete(connectionId)
        await cache.writeItems(connectionId, entry)
      },
      seen: (payload) => seen(connectionId, payload),
      keep: keepLargerList,
      keeps: (fetched) => fetched.listProblem !== null,
      ...(cache.hasItems ? { cached: () => cache.hasItems!(connectionId) } : {}),
      ...(cache.releaseItems ? { release: () => cache.releaseItems?.(connectionId) } : {})
    }).finally(() => runs.forEach((run) => run.end()))
    keepOpening(connectionId, listed)
    return { connectionId, listed }
  }

  // Each list's opening window is kept once, after the answer that read or fetched it.
  const openingKept = new WeakSet<ItemsPayload>()
  const keepOpening = (connectionId: string, listed: Fresh<ItemsPayload>): void => {
    const { writeOpening } = cache
    const list = listed.data
    if (!writeOpening || list.listProblem !== null || openingKept.has(list)) return
    openingKept.add(list)
    setImmediate(() => {
      void quietly('keep the opening window', async () => {
        // Kept already (made from this very file): nothing to write on every start.
        if (await cache.readOpening?.(connectionId).catch(() => null)) return
        const { window, items } = openingWindowOf(list)
        const { fetchedAt } = listed.freshness
        const opening = { window, fetchedAt, mediaUrls: items.flatMap(itemMediaUrls) }
        await writeOpening.call(cache, connectionId, list, opening)
      })
    })
  }

  const listItems: CatalogueService['listItems'] = async (request) => {
    const { listed } = await readList(request?.refresh === true, (connectionId, payload) =>
      allow(connectionId, payload.items.flatMap(itemMediaUrls))
    )
    return listed
  }

  const queryItems: CatalogueService['queryItems'] = async (request) => {
    const { connectionId, listed } = await readList(request.refresh === true, () => {})
    // A search's index and search text are made in slices, not in the answer's one turn.
    if (queryWords(request.query).length > 0) await prepareSearch(listed.data.items, request.sort)
    const { window, items } = windowOf(listed.data, request)
    // Only what the page is shown may be fetched through the media route.
    allow(connectionId, items.flatMap(itemMediaUrls))
    return { data: window, freshness: listed.freshness }
  }

  const getItem: CatalogueService['getItem'] = async (request) => {
    const { connectionId, client } = await active()
    const result = await fresh<Item>({
      refresh: request.refresh === true,
      read: async () => {
        const own = await cache.readItem(connectionId, request.id)
        if (own) return own
        // An item seen in the cached list needs no request of its own.
        const list = await cache.readItems(connectionId)
        const inList = list?.data.items.find((i) => i.id === request.id)
        return list && inList ? { data: inList, fetchedAt: list.fetchedAt } : null
      },
      fetch: async () => (await client()).getItem(request.id),
      write: async (entry) => cache.writeItem(connectionId, entry),
      seen: (item) => allow(connectionId, itemMediaUrls(item))
    })
    // An item read by id (or "added by id") joins the list when the list endpoint cannot be used.
    await quietly('remember the item', async () =>
      cache.rememberItemIds(connectionId, [request.id])
    )
    return result
  }

  const openingWindow: CatalogueService['openingWindow'] = async () => {
    const { connectionId } = await active()
    const kept = await cache.readOpening?.(connectionId).catch(() => null)
    if (!kept) return queryItems({ ...FIRST_WINDOW })
    allow(connectionId, kept.mediaUrls)
    const freshness = {
      fetchedAt: kept.fetchedAt,
      source: 'cache',
      offline: false,
      refreshError: null
    } as const
    return { data: kept.window, freshness }
  }

  const refreshProgress: CatalogueService['refreshProgress'] = async () => {
    const connectionId = await options.connections.activeConnectionId().catch(() => null)
    return connectionId === null ? null : refreshes.progress(connectionId)
  }

  const cancelRefresh: CatalogueService['cancelRefresh'] = async () => {
    const connectionId = await options.connections.activeConnectionId().catch(() => null)
    return { cancelled: connectionId !== null && refreshes.cancel(connectionId) }
  }

  return {
    getAccount,
    listItems,
    queryItems,
    getItem,
    openingWindow,
    refreshProgress,
    cancelRefresh,
    close: () => {
      closing = true
      return refreshes.close()
    }
  }
}
