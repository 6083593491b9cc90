import { create } from 'zustand'
import type { AppError } from '../../../shared/errors'
import type { Freshness } from '../../../shared/ipc/contract'
import type { Account } from '../../../shared/model'
import { getBridge } from '../bridge'

type Status = 'idle' | 'loading' | 'ready' | 'error'

interface AccountState {
  account: Account | null
  freshness: Freshness | null
  status: Status
  error: AppError | null
  refreshing: boolean
  /** A background refresh that failed while cached data stayed on screen. */
  refreshError: AppError | null
  load(): Promise<void>
  refresh(): Promise<void>
  /** On opening the view: load once, then refresh only when the data is getting old. */
  ensure(now?: Date): Promise<void>
  reset(): void
}

const initial = {
  account: null,
  freshness: null,
  status: 'idle' as Status,
  error: null,
  refreshing: false,
  refreshError: null
}

/** Older than this, opening the view asks the marketplace again (60 requests a minute max). */
const STALE_AFTER_MS = 60_000

// A later request (Refresh pressed twice, a connection switch) wins over an earlier one.
let seq = 0

export const useAccount = create<AccountState>((set, get) => ({
  ...initial,

  async load() {
    const mine = ++seq
    set({ status: get().account ? 'ready' : 'loading', error: null })
    const first = await getBridge().getAccount()
    if (mine !== seq) return
    if (!first.ok) {
      set({ status: get().account ? 'ready' : 'error', error: first.error })
      return
    }
    set({
      status: 'ready',
      account: first.data.data,
      freshness: first.data.freshness,
      refreshError: null
    })
    // Stale-while-revalidate: the cache answered, so ask the marketplace in the background.
    if (first.data.freshness.source === 'cache') await get().refresh()
  },

  async refresh() {
    if (!get().account) return get().load()
    const mine = ++seq
    set({ refreshing: true })
    const result = await getBridge().getAccount({ refresh: true })
    if (mine !== seq) return
    if (result.ok) {
      set({
        refreshing: false,
        account: result.data.data,
        freshness: result.data.freshness,
        refreshError: null
      })
    } else {
      set({ refreshing: false, refreshError: result.error })
    }
  },

  async ensure(now = new Date()) {
    const { status, freshness, refreshing } = get()
    if (status === 'idle' || status === 'error') return get().load()
    if (status !== 'ready' || refreshing || !freshness) return
    const age = now.getTime() - new Date(freshness.fetchedAt).getTime()
    if (freshness.offline || !(age < STALE_AFTER_MS)) await get().refresh()
  },

  reset() {
    seq++
    set(initial)
  }
}))
