import { create } from 'zustand'
import type { AppError } from '../../../shared/errors'
import type { Result } from '../../../shared/errors'
import type { Freshness, ItemsWindow, ResponseOf } from '../../../shared/ipc/contract'
import type { ItemFilters, ItemSummary } from '../../../shared/item-query'
import { FIRST_WINDOW, ITEMS_PAGE, summaryOf } from '../../../shared/item-summary'
import { latestRequest } from '../lib/latest-request'
import type { Item } from '../../../shared/model'
import { getBridge } from '../bridge'
import { afterFirstScreen } from '../frame/page-code'
import { watchingRefresh } from './refresh-progress'
import { searchTyped, typingOver } from './typing'
import { detailActions, forgetDetail } from './item-detail'
import { filtersKey, findRow, listFrom, withRows, withSummary, type ItemsList } from './items-list'

export type { ItemsList } from './items-list'
export type Layout = 'grid' | 'list'
type Status = 'idle' | 'loading' | 'ready' | 'error'

/** What adding an item by id came to, for the form to say. */
export type AddByIdOutcome =
  { ok: true; item: Item; alreadyListed: boolean } | { ok: false; error: AppError }

interface ItemDetailState {
  id: number
  item: Item | null
  /** The list's row for it, shown while the full item is read. */
  preview: ItemSummary | null
  freshness: Freshness | null
  status: Status
  error: AppError | null
  refreshing: boolean
}

export interface ItemsState extends ItemFilters {
  /** Main holds the catalogue; this is what the grid has been shown of it. */
  list: ItemsList | null
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

  /**
   * `opening`: main's answer to openingWindow, asked as the page started; used when it is
   * the window this load wants, else (or when it is null or failed) the load asks itself.
   */
  load(opening?: Promise<Result<ResponseOf<'openingWindow'>>>): Promise<void>
  refresh(): Promise<void>
  /** Asks main for the rows between these positions that are not here yet. */
  ensureRows(start: number, end: number): Promise<void>
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
const PAGE = ITEMS_PAGE

/** A store with nothing in it: at start, and after a reset (the layout is the seller's). */
const CLEARED = {
  ...initialFilters,
  list: null,
  freshness: null,
  status: 'idle',
  error: null,
  refreshing: false,
  refreshError: null,
  scrollTop: 0,
  detail: null
} satisfies Partial<ItemsState>

// Responses can arrive out of order (refresh pressed twice, a new search, a connection
// switch): only the latest list request may write, and a window only into its own list.
const latestList = latestRequest()
const latestQuery = latestRequest()
const asking = new Set<string>()

/**
 * A new search's first answer carries the rows the grid draws (in view plus its overscan,
 * the most it has asked for at once), not a whole page: a keystroke waits on that answer,
 * and a page of 120 rows is most of its bytes. Scrolling further fetches pages as before.
 */
const FIRST_SEARCH_ROWS = 24
let drawnRows = 0
const searchWindow = (): number => Math.min(PAGE, Math.max(FIRST_SEARCH_ROWS, drawnRows))

const filtersOf = (s: ItemFilters): ItemFilters => ({
  query: s.query,
  category: s.category,
  kind: s.kind,
  sort: s.sort
})

export const useItems = create<ItemsState>((set, get) => {
  const ask = (refresh: boolean, offset = 0, has?: number, limit = PAGE) =>
    getBridge().queryItems({
      ...filtersOf(get()),
      offset,
      limit,
      ...(refresh ? { refresh: true } : {}),
      ...(has === undefined ? {} : { has })
    })

  /**
   * A new answer for the whole list, asked with the filters keyed `asked`: items put here
   * by id and not in it yet stay in front. Asked for other filters than the seller's now,
   * its counts still hold but its rows do not: the list is asked again for the current ones.
   */
  const replaced = (window: ItemsWindow, asked: string): ItemsList => {
    const current = filtersOf(get())
    const next = listFrom(window, current)
    const listed = new Set(window.rows.map((r) => r.id))
    const extra = (get().list?.extra ?? []).filter((r) => !listed.has(r.id))
    if (asked === filtersKey(current)) return { ...next, extra }
    void requery()
    return { ...next, extra, rows: [], complete: false }
  }

  /** The current search and filters over main's list as it is (no request to the marketplace). */
  const requery = async (): Promise<void> => {
    const isLatest = latestQuery.start()
    const asked = filtersKey(get())
    const result = await ask(false, 0, undefined, searchWindow())
    if (!isLatest() || !result.ok || !get().list) return
    if (asked !== filtersKey(get())) return
    set({ list: replaced(result.data.data, asked) })
  }

  return {
    ...CLEARED,
    layout: 'grid',

    async load(opening) {
      const isLatest = latestList.start()
      set({ status: get().list ? 'ready' : 'loading', error: null })
      const asked = filtersKey(get())
      const early = opening && asked === filtersKey(FIRST_WINDOW) ? await opening : null
      // With nothing saved, this first read is the first sync: it shows how far it is.
      const first =
        early?.ok && early.data
          ? { ok: true as const, data: early.data }
          : await watchingRefresh(() => ask(false))
      if (!isLatest()) return
      if (!first.ok) {
        set({ status: 'error', error: first.error })
        return
      }
      set({
        status: 'ready',
        list: replaced(first.data.data, asked),
        freshness: first.data.freshness,
        refreshError: null
      })
      // Stale-while-revalidate: cached data is on screen already; ask the marketplace once
      // the page's code is here (the browser host serves both from one process).
      if (first.data.freshness.source !== 'cache') return
      await afterFirstScreen()
      if (isLatest()) await get().refresh()
    },

    async refresh() {
      if (!get().list) return get().load()
      const isLatest = latestList.start()
      set({ refreshing: true })
      const asked = filtersKey(get())
      const result = await watchingRefresh(() => ask(true))
      if (!isLatest()) return
      if (result.ok) {
        set({
          refreshing: false,
          list: replaced(result.data.data, asked),
          freshness: result.data.freshness,
          refreshError: null
        })
      } else {
        set({ refreshing: false, refreshError: result.error })
      }
    },

    async ensureRows(start, end) {
      drawnRows = Math.max(drawnRows, end - start)
      const list = get().list
      // A new search is on its way: its own first window comes with it.
      if (!list || list.filters !== filtersKey(get())) return
      const from = Math.max(0, start - list.extra.length)
      const to = Math.min(list.matched, end - list.extra.length)
      let missing = from
      while (missing < to && list.rows[missing] !== undefined) missing++
      if (missing >= to) return
      const offset = Math.floor(missing / PAGE) * PAGE
      const key = `${list.generation}:${offset}`
      if (asking.has(key)) return
      asking.add(key)
      try {
        const result = await ask(false, offset)
        const now = get().list
        if (!result.ok || now?.generation !== list.generation) return
        // The list changed in main since (a refresh elsewhere): start again from it.
        if (result.data.data.total !== now.total || result.data.data.matched !== now.matched) {
          set({ list: replaced(result.data.data, list.filters) })
          return
        }
        set({ list: withRows(now, result.data.data) })
      } finally {
        asking.delete(key)
      }
      if (to > offset + PAGE) await get().ensureRows(start, end)
    },

    ...detailActions(set, get),

    async addById(id) {
      // Asked of the marketplace, not the cache: an item removed there must not be "added".
      const result = await getBridge().getItem({ id, refresh: true })
      if (!result.ok) return { ok: false, error: result.error }
      const item = result.data.data
      const list = get().list
      let alreadyListed = list ? findRow(list, id) !== undefined : false
      // Only part of the list is here: main knows whether the rest holds it.
      if (list && !alreadyListed && !list.complete) {
        const asked = await ask(false, 0, id)
        alreadyListed = asked.ok && asked.data.data.has === true
      }
      const now = get().list
      if (now) set({ list: withSummary(now, summaryOf(item), alreadyListed) })
      return { ok: true, item, alreadyListed }
    },

    async syncKnownIds() {
      if (get().status !== 'ready' || !get().list?.listProblem || get().refreshing) return
      const isLatest = latestList.start()
      const asked = filtersKey(get())
      const result = await ask(false)
      if (!isLatest() || !result.ok) return
      // Only the cached answer: were it a fresh read, load() and refresh() own that.
      if (result.data.freshness.source !== 'cache') return
      set({ list: replaced(result.data.data, asked) })
    },

    setFilters(patch) {
      if (patch.query !== undefined && patch.query !== get().query) searchTyped()
      set({ ...patch, scrollTop: 0 })
      if (get().list) void requery()
    },
    setLayout(layout) {
      set({ layout, scrollTop: 0 })
    },
    setScrollTop(top) {
      set({ scrollTop: top })
    },
    reset() {
      latestList.drop()
      latestQuery.drop()
      forgetDetail()
      typingOver()
      set(CLEARED)
    }
  }
})
