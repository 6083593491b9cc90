import { MarketplaceError, messages } from './errors'
import type { CallOptions } from './paced-request'

/**
 * How long a proof that the key works (an account read, a valid verdict) is trusted
 * before a "not valid" answer is double-checked again.
 */
export const KEY_PROOF_MS = 10 * 60_000

export interface KeyProof {
  /** An answer only a working seller key gets arrived. */
  works(): void
  /**
   * Whether a "not valid" can be believed. Real installs answer a bad key on validation
   * exactly like a bad code (real-installs §12, 17): 404 "Invalid purchase code".
   */
  isGood(call: CallOptions): Promise<boolean>
}

/**
 * The key's standing, proven at most once a window: a bulk run costs one extra check at
 * most per window, and so does a refusal. `confirm` is true when the key works, false
 * when the marketplace refuses it; other failures (offline, a server error) are thrown:
 * the verdict cannot be trusted either way.
 */
export function createKeyProof(
  confirm: (call: CallOptions) => Promise<boolean>,
  now: () => number
): KeyProof {
  let goodAt: number | null = null
  let refusedAt: number | null = null
  let confirming: Promise<boolean> | null = null
  const recent = (at: number | null): boolean => at !== null && now() - at < KEY_PROOF_MS

  const works = (): void => {
    goodAt = now()
    refusedAt = null
  }

  return {
    works,
    async isGood(call) {
      if (recent(goodAt)) return true
      if (recent(refusedAt)) return false
      // One check shared by every validation waiting on it; it takes no caller's signal,
      // so one cancelled check does not fail the others.
      confirming ??= confirm(call.priority ? { priority: call.priority } : {})
        .then((good) => {
          if (good) works()
          else refusedAt = now()
          return good
        })
        .finally(() => {
          confirming = null
        })
      return untilAborted(confirming, call.signal)
    }
  }
}

/** The promise, or `aborted` as soon as the caller's signal fires. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  const aborted = (): MarketplaceError => new MarketplaceError('aborted', messages.aborted())
  if (signal.aborted) return Promise.reject(aborted())
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(aborted())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
