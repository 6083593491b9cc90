import { rateLimitFrom, retryAfterFrom, type HeaderReader } from './retry-after'

export type PacerPriority = 'interactive' | 'bulk'

export interface SendBudgetOptions {
  limit: number
  /** The server's window plus a safety margin for the network between the two clocks. */
  span: number
  now(): number
}

/**
 * Requests of a window bulk work leaves to the seller: one in twenty (3 of 60, 1 of 20).
 * A limit under 20 has none to spare: bulk work would crawl.
 */
export function reserveOf(limit: number): number {
  return Math.floor(limit / 20)
}

/**
 * When the next request to one marketplace may go (real-installs §4: 60 a minute per
 * client IP, errors count too). Four rules:
 * 1. Until the first answer arrives only one request is in flight: it tells the real limit.
 * 2. While the server's word on its budget is current (rule 3), it alone counts: a real
 *    install's window is fixed, and once it has ended the whole limit is there again.
 * 3. The server's X-RateLimit-Remaining, less every send since the request it answered
 *    (counted even if the server saw them first: erring towards waiting); at zero, wait
 *    until that answer's window has surely ended.
 * 4. Without it (no header yet, or its window has ended), never more than `limit` sends
 *    in any span, by our own send log.
 * Bulk work stops `reserveOf(limit)` short under rules 3 and 4: it may spend the rest of
 * a window at once, and a lookup the seller makes meanwhile still goes at once.
 */
export class SendBudget {
  limit: number
  inFlight = 0
  private readonly sends: number[] = []
  private granted = 0
  private answered = false
  /**
   * The server's last budget report. `windowEnd` is the latest its window can end: a
   * report counting down from the previous one belongs to the same window and keeps its
   * bound; a late answer to an older request keeps it too; anything else (a fresh window)
   * restarts the bound from this answer, which errs towards waiting.
   */
  private observed: { afterGrant: number; remaining: number; windowEnd: number } | null = null
  private heldUntil = 0
  /** The latest pause the server asked for (429, Retry-After). */
  private throttledAt = 0

  constructor(private readonly options: SendBudgetOptions) {
    this.limit = Math.max(1, options.limit)
  }

  /** The server's last word on the budget left, less what was sent since; null before any. */
  remaining(now: number): number | null {
    const o = this.observed
    if (o === null) return null
    if (now >= o.windowEnd) {
      this.observed = null
      return null
    }
    return o.remaining - (this.granted - o.afterGrant)
  }

  /** Until when the marketplace itself asked for a pause; null when it has not. */
  throttledUntil(now: number): number | null {
    return this.throttledAt > now ? this.throttledAt : null
  }

  /** The earliest time a request of `priority` may go; Infinity = until an answer arrives. */
  nextSlot(now: number, priority: PacerPriority): number {
    if (!this.answered && this.inFlight > 0) return Infinity
    const keep = priority === 'bulk' ? reserveOf(this.limit) : 0
    let at = Math.max(now, this.heldUntil)
    const { sends } = this
    const { span } = this.options
    while (sends.length > 0 && sends[0]! <= now - span) sends.shift()
    const budget = this.remaining(now)
    if (budget === null) {
      const cap = this.limit - keep
      if (sends.length >= cap) at = Math.max(at, sends[sends.length - cap]! + span)
    } else if (budget <= keep && this.observed !== null) {
      at = Math.max(at, this.observed.windowEnd)
    }
    return at
  }

  /** A request goes now; its number ties its answer to the sends before it. */
  send(now: number): number {
    this.sends.push(now)
    this.granted += 1
    this.inFlight += 1
    return this.granted
  }

  /** How request `grantNo` ended: its status and headers, or null when no answer came. */
  settle(grantNo: number, answer: { status: number; headers: HeaderReader } | null): void {
    this.inFlight -= 1
    if (answer === null) return
    this.answered = true
    const now = this.options.now()
    const info = rateLimitFrom(answer.headers)
    if (info) {
      this.limit = info.limit
      this.observe(grantNo, info.remaining, now)
    } else if (answer.status === 429) {
      this.observe(grantNo, 0, now)
    }
    if (answer.status !== 429 || this.observed === null) return
    // A 429's Retry-After (or X-RateLimit-Reset) is the server saying when its window ends.
    const resetIn = retryAfterFrom(answer.headers, now)
    if (resetIn !== undefined) this.observed.windowEnd = now + resetIn
    this.throttledAt = Math.max(this.throttledAt, this.observed.windowEnd)
  }

  /** Holds every request until `ms` from now; false when an earlier hold already covers it. */
  holdFor(ms: number): boolean {
    const at = this.options.now() + Math.max(0, ms)
    this.throttledAt = Math.max(this.throttledAt, at)
    if (at <= this.heldUntil) return false
    this.heldUntil = at
    return true
  }

  private observe(grantNo: number, remaining: number, now: number): void {
    const o = this.observed
    const prev = o !== null && now < o.windowEnd ? o : null
    if (prev !== null && grantNo < prev.afterGrant) {
      // A late answer to an older request (requests in flight together): it may have
      // reached the server after the newer one, so it is believed when it leaves less;
      // the newer answer's window end stays, as late or later than this one's.
      const since = (afterGrant: number): number => this.granted - afterGrant
      if (remaining - since(grantNo) < prev.remaining - since(prev.afterGrant))
        this.observed = { afterGrant: grantNo, remaining, windowEnd: prev.windowEnd }
      return
    }
    const sameWindow = prev !== null && grantNo > prev.afterGrant && remaining < prev.remaining
    this.observed = {
      afterGrant: grantNo,
      remaining,
      windowEnd: sameWindow ? prev.windowEnd : now + this.options.span
    }
  }
}
