/**
 * The one retry policy for an answer that asks us to come back later: a 429, or a
 * 502/503/504 that says when (Retry-After). Every Seller API operation is a read, so a
 * retry is always safe (validation included).
 */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  attempts: number
  /** A longer wait than this is not waited for: the error goes to the seller, with its wait. */
  maxWaitMs: number
}

export const RETRY_POLICY: RetryPolicy = { attempts: 2, maxWaitMs: 65_000 }

/** A 429 without Retry-After: back off 1 s, 2 s, 4 s... (real-installs §4). */
function backoffMs(attempt: number): number {
  return 1000 * 2 ** attempt
}

interface Fields {
  kind?: unknown
  status?: unknown
  retryAfterMs?: unknown
}

/**
 * How long to wait before retrying after failure `e` of attempt `attempt` (0 for the
 * first), or null when it is not retried: another failure, the attempts spent, or a wait
 * longer than the policy allows.
 */
export function retryWaitMs(
  e: unknown,
  attempt: number,
  policy: RetryPolicy = RETRY_POLICY
): number | null {
  if (!(e instanceof Error) || attempt >= policy.attempts) return null
  const { kind, status, retryAfterMs } = e as Fields
  const asked = typeof retryAfterMs === 'number' ? retryAfterMs : undefined
  const overloaded = status === 502 || status === 503 || status === 504
  if (kind !== 'rate-limited' && !(overloaded && asked !== undefined)) return null
  const wait = asked ?? backoffMs(attempt)
  return wait > policy.maxWaitMs ? null : wait
}

/** Runs `attempt` until it succeeds or `retryWaitMs` says stop; `wait` spends each pause. */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  wait: (ms: number) => void | Promise<void>,
  policy: RetryPolicy = RETRY_POLICY
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt()
    } catch (e) {
      const ms = retryWaitMs(e, n, policy)
      if (ms === null) throw e
      await wait(ms)
    }
  }
}
