import { create } from 'zustand'
import type { AppError } from '../../../shared/errors'
import type { Freshness } from '../../../shared/ipc/contract'
import type { Account } from '../../../shared/model'
import { getBridge } from '../bridge'
import { latestRequest } from '../lib/latest-request'
import { staleWhileRevalidate, type LoadStatus } from '../lib/stale-while-revalidate'

interface AccountState {
  account: Account | null
  freshness: Freshness | null
  status: LoadStatus
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
  status: 'idle' as LoadStatus,
  error: null,
  refreshing: false,
  refreshError: null
}

/** Older than this, opening the view asks the marketplace again (60 requests a minute max). */
const STALE_AFTER_MS = 60_000

// A later request (Refresh pressed twice, a connection switch) wins over an earlier one.
const latest = latestRequest()

export const useAccount = create<AccountState>((set, get) => {
  const { load, refresh } = staleWhileRevalidate<Account>({
    read: (refresh) =>
      refresh ? getBridge().getAccount({ refresh: true }) : getBridge().getAccount(),
    hasData: () => get().account !== null,
    write: ({ fresh, ...patch }) =>
      set(fresh ? { ...patch, account: fresh.data, freshness: fresh.freshness } : patch),
    latest,
    keepDataOnError: true
  })

  return {
    ...initial,
    load,
    refresh,

    async ensure(now = new Date()) {
      const { status, freshness, refreshing } = get()
      if (status === 'idle' || status === 'error') return get().load()
      if (status !== 'ready' || refreshing || !freshness) return
      const age = now.getTime() - new Date(freshness.fetchedAt).getTime()
      if (freshness.offline || !(age < STALE_AFTER_MS)) await get().refresh()
    },

    reset() {
      latest.drop()
      set(initial)
    }
  }
})
