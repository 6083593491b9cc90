import type { AppError, Result } from '../../../shared/errors'
import type { Freshness } from '../../../shared/ipc/contract'
import type { LatestRequest } from './latest-request'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

/** Data with how fresh it is, as main answers a cached read. */
interface Fresh<T> {
  data: T
  freshness: Freshness
}

/** What a load or a refresh came to; `fresh` is the new data and its freshness, together. */
export interface SwrPatch<T> {
  status?: LoadStatus
  error?: AppError | null
  refreshing?: boolean
  refreshError?: AppError | null
  fresh?: Fresh<T>
}

export interface SwrOptions<T> {
  /** Main's cached copy first (false); the marketplace itself (true). */
  read(refresh: boolean): Promise<Result<Fresh<T>>>
  hasData(): boolean
  write(patch: SwrPatch<T>): void
  latest: LatestRequest
  /** A first read failed with data on screen: keep showing the data (true) or the error. */
  keepDataOnError: boolean
}

/**
 * Shows what main has at once, then asks the marketplace in the background when that was
 * only the cache: a view is never empty while the network is slow, and says how old it is.
 * A refresh that fails leaves the data on screen and reports itself as `refreshError`.
 */
export function staleWhileRevalidate<T>(o: SwrOptions<T>): {
  load(): Promise<void>
  refresh(): Promise<void>
} {
  const load = async (): Promise<void> => {
    const isLatest = o.latest.start()
    o.write({ status: o.hasData() ? 'ready' : 'loading', error: null })
    const first = await o.read(false)
    if (!isLatest()) return
    if (!first.ok) {
      o.write({ status: o.keepDataOnError && o.hasData() ? 'ready' : 'error', error: first.error })
      return
    }
    o.write({ status: 'ready', fresh: first.data, refreshError: null })
    if (first.data.freshness.source === 'cache') await refresh()
  }

  const refresh = async (): Promise<void> => {
    if (!o.hasData()) return load()
    const isLatest = o.latest.start()
    o.write({ refreshing: true })
    const result = await o.read(true)
    if (!isLatest()) return
    if (result.ok) o.write({ refreshing: false, fresh: result.data, refreshError: null })
    else o.write({ refreshing: false, refreshError: result.error })
  }

  return { load, refresh }
}
