import { create } from 'zustand'
import type { AppError } from '../../../shared/errors'
import type { HistoryEntry, Validation } from '../../../shared/ipc/contract'
import { getBridge } from '../bridge'
import { latestRequest } from '../lib/latest-request'
import { exportCsvFile } from '../lib/save-file'

type Status = 'idle' | 'loading' | 'ready' | 'error'

/** Rows asked for at a time: a long history is searched, not scrolled through. */
export const HISTORY_PAGE = 100

interface HistoryState {
  query: string
  entries: HistoryEntry[]
  /** How many entries match the query (may be more than are loaded). */
  total: number
  limit: number
  status: Status
  error: AppError | null
  /** Codes being checked again right now. */
  rechecking: string[]
  /** The latest re-check, to mark its new row. */
  lastRecheck: Validation | null
  recheckError: { code: string; error: AppError } | null
  exporting: boolean
  exportError: AppError | null

  setQuery(query: string): void
  load(): Promise<void>
  showMore(): Promise<void>
  recheck(code: string): Promise<Validation | null>
  exportCsv(): Promise<boolean>
  reset(): void
}

const initial = {
  query: '',
  entries: [] as HistoryEntry[],
  total: 0,
  limit: HISTORY_PAGE,
  status: 'idle' as Status,
  error: null,
  rechecking: [] as string[],
  lastRecheck: null,
  recheckError: null,
  exporting: false,
  exportError: null
}

// A later list request (typing, a re-check, a connection switch) wins over an earlier one.
const latestList = latestRequest()
// Dropped by reset (a connection switch): answers that started before it are dropped.
const connection = latestRequest()

export const useHistory = create<HistoryState>((set, get) => ({
  ...initial,

  setQuery(query) {
    set({ query, limit: HISTORY_PAGE })
  },

  async load() {
    const isLatest = latestList.start()
    const { query, limit, status } = get()
    // Rows already on screen stay while the new list comes: no flash back to skeletons.
    set({ status: status === 'ready' ? 'ready' : 'loading', error: null })
    const q = query.trim()
    const r = await getBridge().listHistory(q ? { query: q, limit } : { limit })
    if (!isLatest()) return
    if (r.ok) set({ status: 'ready', entries: r.data.entries, total: r.data.total, error: null })
    else set({ status: 'error', error: r.error })
  },

  async showMore() {
    set({ limit: get().limit + HISTORY_PAGE })
    await get().load()
  },

  async recheck(code) {
    if (get().rechecking.includes(code)) return null
    const sameConnection = connection.current()
    set({ rechecking: [...get().rechecking, code], recheckError: null })
    const r = await getBridge().validatePurchase({ code })
    // The connection changed meanwhile: this answer belongs to another marketplace.
    if (!sameConnection()) return null
    set({ rechecking: get().rechecking.filter((c) => c !== code) })
    if (!r.ok) {
      set({ recheckError: { code, error: r.error } })
      return null
    }
    set({ lastRecheck: r.data })
    await get().load()
    return r.data
  },

  exportCsv() {
    return exportCsvFile(() => getBridge().exportHistoryCsv(), set, connection.current())
  },

  reset() {
    latestList.drop()
    connection.drop()
    set({ ...initial, rechecking: [] })
  }
}))
