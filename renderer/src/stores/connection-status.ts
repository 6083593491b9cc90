import { create } from 'zustand'
import type { Result } from '../../../shared/errors'
import {
  UNKNOWN_STATUS,
  isMarketplaceMethod,
  observationOf,
  observe,
  type ConnectionStatus,
  type Syncing
} from '../../../shared/connection-status'

interface StatusStore {
  status: ConnectionStatus
  /** Marketplace reads under way that the seller waits on (a refresh, a check). */
  inFlight: number
  /** A running bulk check's progress; null when none runs. */
  bulk: { done: number; total: number } | null
  reset(): void
}

export const useConnectionStatus = create<StatusStore>(() => ({
  status: UNKNOWN_STATUS,
  inFlight: 0,
  bulk: null,
  reset() {
    useConnectionStatus.setState({ status: UNKNOWN_STATUS, bulk: null })
  }
}))

/** What the status line shows over "online": a bulk check's progress, or a refresh. */
export function selectSyncing(s: Pick<StatusStore, 'inFlight' | 'bulk'>): Syncing {
  return s.bulk ?? s.inFlight > 0
}

/**
 * Whether the seller waits on this call (a read, a check): not a bulk job's polling, nor the
 * grid reading its next rows from the saved list as it scrolls.
 */
function asksMarketplace(method: string, request: unknown): boolean {
  if (method.endsWith('Bulk')) return false
  if (method !== 'queryItems') return true
  return typeof request === 'object' && request !== null && 'refresh' in request
    ? request.refresh === true
    : false
}

function bulkProgress(data: unknown): StatusStore['bulk'] {
  if (typeof data !== 'object' || data === null || !('state' in data)) return null
  const job = data as { state: string; done: number; total: number }
  return job.state === 'running' ? { done: job.done, total: job.total } : null
}

/**
 * Every answer main gives to a marketplace channel, folded into the one status (the same
 * fold main keeps for the tray). The bridge calls this around each such call.
 */
export async function watched<T>(
  method: string,
  request: unknown,
  call: () => Promise<Result<T>>
): Promise<Result<T>> {
  if (!isMarketplaceMethod(method)) return call()
  const waits = asksMarketplace(method, request)
  if (waits) useConnectionStatus.setState((s) => ({ inFlight: s.inFlight + 1 }))
  let result: Result<T> | undefined
  try {
    result = await call()
    return result
  } finally {
    useConnectionStatus.setState((s) => {
      const o = result ? observationOf(method, result, new Date().toISOString()) : null
      const bulk = method.endsWith('Bulk') && result?.ok ? bulkProgress(result.data) : s.bulk
      return {
        inFlight: waits ? Math.max(0, s.inFlight - 1) : s.inFlight,
        status: o ? observe(s.status, o) : s.status,
        bulk
      }
    })
  }
}
