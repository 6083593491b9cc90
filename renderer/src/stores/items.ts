import { create } from 'zustand'
import type { AppError } from '../../../shared/errors'
import type { Freshness, ItemsPayload } from '../../../shared/ipc/contract'
import type { Item } from '../../../shared/model'
import { getBridge } from '../bridge'
import type { ItemFilters } from '../views/items/filter'

export type Layout = 'grid' | 'list'
type Status = 'idle' | 'loading' | 'ready' | 'error'

/** What adding an item by id came to, for the form to say. */
export type AddByIdOutcome =
  { ok: true; item: Item; alreadyListed: boolean } | { ok: false; error: AppError }

export interface ItemDetailState {
  id: number
  item: Item | null
  freshness: Freshness | null
  status: Status
  error: AppError | null
  refreshing: boolean
}

interface ItemsState extends ItemFilters {
  payload: ItemsPayload | null
  freshness: Freshness | null
  status: Status
  error: AppError | null
  refreshing: boolean
  /** A background refresh that failed while cached data stayed on screen. */
  refreshError: AppError | null
  layout: Layout
  /** Kept so Back from a detail lands where the seller was. */
  scrollTop: number
  detail: ItemDetailState | null

  load(): Promise<void>
  refresh(): Promise<void>
  loadDetail(id: number): Promise<void>
  refreshDetail(): Promise<void>
  /**
   * Reads one item and puts it in the list at once. Main remembers the id, so the next
   * list built from known ids (the list endpoint unusable) keeps it too.
   */
  addById(id: number): Promise<AddByIdOutcome>
  /**
   * Re-reads main's cached list (no request to the marketplace) when it was built from
   * known ids: items learnt since, by a purchase check here or in a bulk run, appear
   * without a Refresh.
   */
  syncKnownIds(): Promise<void>
  setFilters(patch: Partial<ItemFilters>): void
  setLayout(layout: Layout): void
  setScrollTop(top: number): void
  reset(): void
}

const initialFilters: ItemFilters = { query: '', category: '', kind: 'all', sort: 'newest' }

// Responses can arrive out of order (refresh pressed twice, or a connection switch):
// only the latest request may write.
let listSeq = 0
let detailSeq = 0

/** The list with `item` in it (replacing an older copy), or null when there is no list yet. */
function withItem(payload: ItemsPayload | null, item: Item): ItemsPayload | null {
  if (!payload) return null
  const at = payload.items.findIndex((i) => i.id === item.id)
  const items =
    at === -1 ? [item, ...payload.items] : payload.items.map((i, n) => (n === at ? item : i))
  return { ...payload, items }
}

export const useItems = create<ItemsState>((set, get) => ({
  ...initialFilters,
  payload: null,
  freshness: null,
  status: 'idle',
  error: null,
  refreshing: false,
  refreshError: null,
  layout: 'grid',
  scrollTop: 0,
  detail: null,

  async load() {
    const seq = ++listSeq
    set({ status: get().payload ? 'ready' : 'loading', error: null })
    const first = await getBridge().listItems()
    if (seq !== listSeq) return
    if (!first.ok) {
      set({ status: 'error', error: first.error })
      return
    }
    set({
      status: 'ready',
      payload: first.data.data,
      freshness: first.data.freshness,
      refreshError: null
    })
    // Stale-while-revalidate: cached data is on screen already; ask the marketplace now.
    if (first.data.freshness.source === 'cache') await get().refresh()
  },

  async refresh() {
    if (!get().payload) return get().load()
    const seq = ++listSeq
    set({ refreshing: true })
    const result = await getBridge().listItems({ refresh: true })
    if (seq !== listSeq) return
    if (result.ok) {
      set({
        refreshing: false,
        payload: result.data.data,
        freshness: result.data.freshness,
        refreshError: null
      })
    } else {
      set({ refreshing: false, refreshError: result.error })
    }
  },

  async loadDetail(id) {
    const seq = ++detailSeq
    // The list already holds the full record: show it at once, then read it properly.
    const known =
      get().detail?.id === id ? get().detail?.item : get().payload?.items.find((i) => i.id === id)
    set({
      detail: {
        id,
        item: known ?? null,
        freshness: null,
        status: known ? 'ready' : 'loading',
        error: null,
        refreshing: Boolean(known)
      }
    })
    const first = await getBridge().getItem({ id })
    if (seq !== detailSeq) return
    if (!first.ok) {
      const item = known ?? null
      set({
        detail: {
          id,
          item,
          freshness: null,
          status: item ? 'ready' : 'error',
          error: first.error,
          refreshing: false
        }
      })
      return
    }
    const cachedOnly = first.data.freshness.source === 'cache'
    // Opened by id while the list comes from known ids: main now knows it, so should the list.
    const payload = get().payload
    if (payload?.listProblem && !payload.items.some((i) => i.id === id)) {
      set({ payload: withItem(payload, first.data.data) })
    }
    set({
      detail: {
        id,
        item: first.data.data,
        freshness: first.data.freshness,
        status: 'ready',
        error: null,
        refreshing: cachedOnly
      }
    })
    if (cachedOnly) await get().refreshDetail()
  },

  async refreshDetail() {
    const current = get().detail
    if (!current) return
    if (!current.item) return get().loadDetail(current.id)
    const seq = ++detailSeq
    set({ detail: { ...current, refreshing: true } })
    const result = await getBridge().getItem({ id: current.id, refresh: true })
    if (seq !== detailSeq) return
    const latest = get().detail
    if (!latest || latest.id !== current.id) return
    set({
      detail: result.ok
        ? {
            ...latest,
            item: result.data.data,
            freshness: result.data.freshness,
            error: null,
            refreshing: false
          }
        : { ...latest, error: result.error, refreshing: false }
    })
  },

  async addById(id) {
    // Asked of the marketplace, not the cache: an item removed there must not be "added".
    const result = await getBridge().getItem({ id, refresh: true })
    if (!result.ok) return { ok: false, error: result.error }
    const item = result.data.data
    const alreadyListed = get().payload?.items.some((i) => i.id === item.id) ?? false
    set((st) => ({ payload: withItem(st.payload, item) }))
    return { ok: true, item, alreadyListed }
  },

  async syncKnownIds() {
    if (get().status !== 'ready' || !get().payload?.listProblem || get().refreshing) return
    const seq = ++listSeq
    const result = await getBridge().listItems()
    if (seq !== listSeq || !result.ok) return
    // Only the cached answer: were it a fresh read, load() and refresh() own that.
    if (result.data.freshness.source !== 'cache') return
    let payload = result.data.data
    // Items put in this list here (opened or added by id) stay, even if main missed them.
    for (const item of get().payload?.items ?? [])
      if (!payload.items.some((i) => i.id === item.id)) payload = withItem(payload, item) ?? payload
    set({ payload })
  },

  setFilters(patch) {
    set({ ...patch, scrollTop: 0 })
  },
  setLayout(layout) {
    set({ layout, scrollTop: 0 })
  },
  setScrollTop(top) {
    set({ scrollTop: top })
  },
  reset() {
    listSeq++
    detailSeq++
    set({
      ...initialFilters,
      payload: null,
      freshness: null,
      status: 'idle',
      error: null,
      refreshing: false,
      refreshError: null,
      scrollTop: 0,
      detail: null
    })
  }
}))
