import { MarketplaceError, messages } from './errors'
import type { CallOptions } from './paced-request'

/** How long a refusal found by a check of the key is believed before the key is asked again. */
export const KEY_PROOF_MS = 10 * 60_000

/**
 * Requests are numbered as they are sent (`RequestContext.nextSent`): an answer proves the key
 * as of its request's number, and a "not valid" is believed only for a request sent
 * before the latest proof. Numbers, not times: two requests in the same millisecond are
 * still ordered.
 */
export interface KeyProof {
  /** An answer only a working seller key gets arrived, for the request sent as `sent`. */
  works(sent: number): void
  /** The marketplace refused the key on a request sent as `sent`: trust in it ends. */
  refused(sent: number): void
  /** Whether an answer proves the key for the request sent as `sent`, without asking. */
  provenAfter(sent: number): boolean
  /**
   * Whether a "not valid" answer to the request sent as `sent` can be believed: only when
   * the key is proven good by a request sent after it. Real installs answer a revoked key
   * on validation exactly like a bad code (real-installs §12, 17), so an older proof says
   * nothing. Asks the marketplace when needed; a refusal it finds is believed for
   * KEY_PROOF_MS, so a bulk run costs one check per window on a refused key.
   */
  isGoodAfter(sent: number, call: CallOptions): Promise<boolean>
}

/**
 * `confirm` is true when the key works, false when the marketplace refuses it; other
 * failures (offline, a server error) are thrown: the verdict cannot be trusted either
 * way. `lastSent` is the number of the latest request sent so far.
 */
export function createKeyProof(
  confirm: (call: CallOptions) => Promise<boolean>,
  lastSent: () => number,
  now: () => number
): KeyProof {
  let goodAfter = -1
  let refusedAt: number | null = null
  // One check at a time, shared by every answer sent before it began.
  let confirming: { from: number; result: Promise<boolean> } | null = null

  const startConfirm = (call: CallOptions): { from: number; result: Promise<boolean> } => {
    const from = lastSent()
    // It takes no caller's signal, so one cancelled check does not fail the others.
    const result = confirm(call.priority ? { priority: call.priority } : {})
      .then((good) => {
        if (!good) refusedAt = now()
        return good
      })
      .finally(() => {
        if (confirming?.result === result) confirming = null
      })
    confirming = { from, result }
    return confirming
  }

  return {
    works(sent) {
      if (sent > goodAfter) goodAfter = sent
      refusedAt = null
    },
    refused(sent) {
      if (sent >= goodAfter) goodAfter = -1
    },
    provenAfter(sent) {
      return goodAfter > sent
    },
    async isGoodAfter(sent, call) {
      for (;;) {
        if (goodAfter > sent) return true
        if (refusedAt !== null && now() - refusedAt < KEY_PROOF_MS) return false
        const running = confirming
        if (running && running.from >= sent) {
          // Every request of that check is sent after ours: its answer is ours too.
          return untilAborted(running.result, call.signal)
        }
        if (running) {
          // Begun before our request was sent: wait it out, then look again.
          await untilAborted(
            running.result.catch(() => false),
            call.signal
          )
          continue
        }
        return untilAborted(startConfirm(call).result, call.signal)
      }
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
