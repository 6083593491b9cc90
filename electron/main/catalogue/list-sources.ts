import type { Item } from '../../../shared/model'
import type { ItemsPayload } from '../../../shared/ipc/contract'
import type { ListCallOptions, MarketplaceClientLike } from '../connections/marketplace-port'
import { kindOf } from '../util/kind-of'
import type { CachedEntry, CatalogueCache } from './ports'

/**
 * Where a catalogue comes from when the list endpoint cannot be used (real installs list
 * nothing for 0 or 1 item, and fail on any broken item), and the rules that keep a
 * shorter list from replacing a cached one.
 */

// Failures that say "the marketplace could not be reached or answered badly right now":
// cached data is still worth showing. Anything else (bad key, not found) is an answer.
export const NETWORK_KINDS = new Set([
  'offline',
  'timeout',
  'api-unavailable',
  'server',
  'rate-limited'
])

/**
 * A list built from known ids (the list endpoint failed or listed nothing) knows only the
 * items it could read one by one: it never replaces a cached list holding more. The cached
 * items stay, those read again are updated, new ones join, and the seller is told why.
 */
export function keepLargerList(
  fetched: ItemsPayload,
  cached: CachedEntry<ItemsPayload>
): { data: ItemsPayload; why: string } | null {
  if (fetched.listProblem === null) return null
  const read = new Map(fetched.items.map((i) => [i.id, i]))
  if (cached.data.items.every((i) => read.has(i.id))) return null
  const items = cached.data.items.map((i) => read.get(i.id) ?? i)
  const known = new Set(items.map((i) => i.id))
  for (const item of fetched.items) if (!known.has(item.id)) items.push(item)
  const why =
    fetched.listProblem === 'server-data-fault'
      ? `The marketplace's item list failed with a server error, so the saved list is shown (${fetched.items.length} of its items read again one by one).`
      : `The marketplace listed no items this time, so the saved list is kept (${fetched.items.length} of its items read again one by one).`
  return { data: { items, skipped: fetched.skipped, listProblem: fetched.listProblem }, why }
}

export interface ListSourceDeps {
  cache: CatalogueCache
  /** Single reads in flight at once. */
  concurrency: number
  now: () => Date
  /** Runs a cache write whose failure must not fail the answer. */
  quietly: (what: string, work: () => Promise<void>) => Promise<void>
}

export function createListSources({ cache, concurrency, now, quietly }: ListSourceDeps): {
  withLearntItems: (
    connectionId: string,
    entry: CachedEntry<ItemsPayload> | null
  ) => Promise<CachedEntry<ItemsPayload> | null>
  fetchItems: (
    connectionId: string,
    client: MarketplaceClientLike,
    call?: ListCallOptions
  ) => Promise<ItemsPayload>
} {
  /**
   * A list built from known ids (the list endpoint unusable) also shows the items learnt
   * since it was built, by id or from a valid purchase, so they are there offline and
   * without a Refresh. Done when the list is read, not when an item is learnt: a purchase
   * check must not read a 10,000-item list to find out it has nothing to do. A list the
   * marketplace answered is its own truth and is left as it was.
   */
  const withLearntItems = async (
    connectionId: string,
    entry: CachedEntry<ItemsPayload> | null
  ): Promise<CachedEntry<ItemsPayload> | null> => {
    if (!entry || entry.data.listProblem === null) return entry
    const listed = new Set(entry.data.items.map((i) => i.id))
    const builtAt = Date.parse(entry.fetchedAt)
    const learnt: Item[] = []
    for (const id of await cache.knownItemIds(connectionId)) {
      if (listed.has(id)) continue
      const one = await cache.readItem(connectionId, id)
      // Only newer than the list: an older copy may be of an item since removed.
      if (one && Date.parse(one.fetchedAt) > builtAt) learnt.push(one.data)
    }
    if (learnt.length === 0) return entry
    const found = new Set(learnt.map((i) => `item ${i.id}`))
    return {
      ...entry,
      data: {
        ...entry.data,
        items: [...entry.data.items, ...learnt],
        skipped: entry.data.skipped.filter((sk) => !found.has(sk.field))
      }
    }
  }

  /** Real installs cannot list 0 or 1 item, or any list holding a broken item: read known ids one by one. */
  const itemsFromKnownIds = async (
    connectionId: string,
    client: MarketplaceClientLike,
    listProblem: NonNullable<ItemsPayload['listProblem']>,
    call: ListCallOptions
  ): Promise<ItemsPayload> => {
    const ids = await cache.knownItemIds(connectionId)
    const { signal, onProgress } = call
    let read = 0
    onProgress?.('reading', 0, ids.length)
    const results: Array<{ item: Item } | { missing: string }> = new Array(ids.length)
    let next = 0
    const worker = async (): Promise<void> => {
      while (next < ids.length) {
        const index = next++
        const id = ids[index]!
        try {
          const item = await client.getItem(id, signal ? { signal } : undefined)
          results[index] = { item }
          onProgress?.('reading', ++read, ids.length)
          await quietly('update the cache', async () =>
            cache.writeItem(connectionId, { data: item, fetchedAt: now().toISOString() })
          )
        } catch (e) {
          const kind = kindOf(e)
          // Unreachable marketplace, or the refresh cancelled: the whole list falls back
          // to the cached one.
          if (kind === 'aborted' || (kind !== null && NETWORK_KINDS.has(kind) && kind !== 'server'))
            throw e
          results[index] = {
            missing:
              kind === 'not-found'
                ? `Item ${id} is no longer available on the marketplace.`
                : `Item ${id} could not be read: ${(e as Error).message}`
          }
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker))
    const items: Item[] = []
    const skipped: ItemsPayload['skipped'] = []
    results.forEach((r, index) => {
      if ('item' in r) items.push(r.item)
      else skipped.push({ index, field: `item ${ids[index]}`, message: r.missing })
    })
    return { items, skipped, listProblem }
  }

  const fetchItems = async (
    connectionId: string,
    client: MarketplaceClientLike,
    call: ListCallOptions = {}
  ): Promise<ItemsPayload> => {
    try {
      const list = await client.listItemsReport(call)
      if (list.items.length === 0 && list.skipped.length === 0) {
        return itemsFromKnownIds(connectionId, client, 'empty-or-single', call)
      }
      return { items: list.items, skipped: list.skipped, listProblem: null }
    } catch (e) {
      if (kindOf(e) === 'not-found')
        return itemsFromKnownIds(connectionId, client, 'empty-or-single', call)
      // Only the documented 500 (an item without a sub-category, real-installs §18) is a
      // data fault to tell the seller how to fix; a 503 or a dropped connection is what it is.
      if (kindOf(e) === 'server' && statusOf(e) === 500)
        return itemsFromKnownIds(connectionId, client, 'server-data-fault', call)
      throw e
    }
  }

  return { withLearntItems, fetchItems }
}

/** The HTTP status a marketplace failure carries, when an answer came. */
function statusOf(e: unknown): number | undefined {
  const status = (e as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}
