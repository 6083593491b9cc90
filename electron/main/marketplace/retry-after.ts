/** Headers as both fetch's Headers and a plain lower-cased record expose them. */
export interface HeaderReader {
  get(name: string): string | null
}

/** A server asking for more than a day is treated as asking for a day. */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000

function clamp(ms: number): number {
  return Math.min(MAX_WAIT_MS, Math.max(0, Math.ceil(ms)))
}

/** `Retry-After`: delay-seconds or an HTTP date (RFC 9110 §10.2.3). undefined when absent or unreadable. */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number
): number | undefined {
  if (value == null) return undefined
  const s = value.trim()
  if (s === '') return undefined
  if (/^\d+(\.\d+)?$/.test(s)) return clamp(Number(s) * 1000)
  // Only strings that look like dates: Date.parse accepts too much ("1", "soon 5").
  if (!/[a-z]{3}/i.test(s)) return undefined
  const at = Date.parse(s)
  return Number.isNaN(at) ? undefined : clamp(at - nowMs)
}

/**
 * `X-RateLimit-Reset`: Laravel sends a Unix time in seconds; some proxies send seconds
 * to wait, a few send milliseconds since the epoch. Told apart by magnitude.
 */
export function parseRateLimitReset(
  value: string | null | undefined,
  nowMs: number
): number | undefined {
  if (value == null) return undefined
  const s = value.trim()
  if (!/^\d+(\.\d+)?$/.test(s)) return undefined
  const n = Number(s)
  if (n >= 1e12) return clamp(n - nowMs)
  if (n >= 1e9) return clamp(n * 1000 - nowMs)
  return clamp(n * 1000)
}

/** How long the server asked us to wait, from Retry-After first, then X-RateLimit-Reset. */
export function retryAfterFrom(headers: HeaderReader, nowMs: number): number | undefined {
  return (
    parseRetryAfter(headers.get('retry-after'), nowMs) ??
    parseRateLimitReset(headers.get('x-ratelimit-reset'), nowMs)
  )
}

export interface RateLimitInfo {
  limit: number
  remaining: number
}

/** `X-RateLimit-Limit` / `X-RateLimit-Remaining` (real-installs §4), when both are readable. */
export function rateLimitFrom(headers: HeaderReader): RateLimitInfo | null {
  const limit = Number(headers.get('x-ratelimit-limit')?.trim() || NaN)
  const remaining = Number(headers.get('x-ratelimit-remaining')?.trim() || NaN)
  if (!Number.isInteger(limit) || limit <= 0 || !Number.isInteger(remaining) || remaining < 0)
    return null
  return { limit, remaining: Math.min(remaining, limit) }
}
