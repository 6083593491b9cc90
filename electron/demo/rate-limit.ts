/**
 * Laravel's `throttle:60,1`: a fixed window per client IP that opens with its first
 * request. Every request counts, errors included (real-installs §4).
 */
interface RateDecision {
  limit: number
  remaining: number
  limited: boolean
  /** Seconds until the window reopens (for Retry-After). */
  retryAfter: number
  /** Unix time in seconds when the window reopens (for X-RateLimit-Reset). */
  resetAt: number
}

export interface RateLimiter {
  hit(client: string, now?: number): RateDecision
}

export function createRateLimiter(limit: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    hit(client, now = Date.now()) {
      let w = windows.get(client)
      if (!w || now - w.start >= windowMs) {
        w = { start: now, count: 0 }
        windows.set(client, w)
      }
      w.count++
      const reset = w.start + windowMs
      return {
        limit,
        remaining: Math.max(0, limit - w.count),
        limited: w.count > limit,
        retryAfter: Math.max(1, Math.ceil((reset - now) / 1000)),
        resetAt: Math.ceil(reset / 1000)
      }
    }
  }
}
