import { MarketplaceError, messages } from './errors'
import { rateLimitFrom, retryAfterFrom, type HeaderReader } from './retry-after'

/** Time as the pacer sees it: injectable so unit tests run on a fake clock. */
export interface PacerClock {
  now(): number
  /** Resolves after `ms`, or as soon as `signal` aborts (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const systemClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve()
      const done = (): void => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      // setTimeout overflows past 2^31-1 ms; a longer wait is re-checked by the caller's loop.
      const timer = setTimeout(done, Math.min(Math.max(0, ms), 2 ** 31 - 1))
      signal?.addEventListener('abort', done, { once: true })
    })
}

export interface PacerOptions {
  /** Requests per window assumed until the server's X-RateLimit-Limit says otherwise. */
  limit?: number
  /** The server's window; headers never tell it, real installs use one minute. */
  windowMs?: number
  /** Added to the window to absorb network jitter between our clock and the server's. */
  safetyMs?: number
  clock?: PacerClock
}

export interface PacerState {
  /** Requests waiting for a slot. */
  queued: number
  inFlight: number
  /** When the next queued request may go (epoch ms), for the UI's countdown; null when not waiting. */
  waitingUntil: number | null
  /**
   * Until when the marketplace itself asked for a pause (a 429, or a 503's Retry-After),
   * epoch ms; null when it has not. Spacing under the budget is not this: it is progress.
   */
  throttledUntil: number | null
  limit: number
  /** The server's last word on the budget left, less what was sent since; null before any header. */
  remaining: number | null
}

export interface PacerTicket {
  /** How the request ended: the answer's status and headers, or null when no answer came. */
  done(answer: { status: number; headers: HeaderReader } | null): void
}

export type PacerPriority = 'interactive' | 'bulk'

export interface Pacer {
  /** Waits for a slot; resolves with a ticket the caller must `done()` when the answer arrives. */
  acquire(options?: { signal?: AbortSignal; priority?: PacerPriority }): Promise<PacerTicket>
  /** Holds every request for `ms` from now (a 429/503's Retry-After). */
  holdFor(ms: number): void
  state(): PacerState
  subscribe(listener: (state: PacerState) => void): () => void
}

interface Waiter {
  resolve(ticket: PacerTicket): void
  reject(error: MarketplaceError): void
  signal: AbortSignal | undefined
  onAbort: () => void
}

/**
 * Keeps one marketplace's requests under its rate limit (real-installs §4: 60 a
 * minute per client IP, errors count too). Four rules decide when the next request goes:
 * 1. Until the first answer arrives only one request is in flight: it tells the real limit.
 * 2. Never more than `limit` sends in any window (plus safety), by our own send log.
 * 3. The server's X-RateLimit-Remaining, less every send since the request it answered
 *    (counted even if the server saw them first: erring towards waiting); at zero, wait
 *    until that answer's window has surely ended.
 * 4. The budget is spread over the window (a small burst, then one send per
 *    window/limit), so bulk work leaves room for what the seller clicks meanwhile.
 * Interactive requests go before queued bulk ones.
 */
export function createPacer(options: PacerOptions = {}): Pacer {
  const clock = options.clock ?? systemClock
  const windowMs = options.windowMs ?? 60_000
  const span = windowMs + (options.safetyMs ?? Math.max(250, Math.round(windowMs * 0.05)))
  let limit = Math.max(1, options.limit ?? 60)
  const burstOf = (l: number): number => Math.max(1, Math.ceil(l / 4))
  let tokens = burstOf(limit)
  let refilledAt = clock.now()

  const sends: number[] = []
  let granted = 0
  let inFlight = 0
  let answered = false
  /**
   * The server's last budget report. `windowEnd` is the latest its window can end: a
   * report counting down from the previous one belongs to the same window and keeps its
   * bound; anything else (a fresh window, answers out of order) restarts the bound from
   * this answer, which errs towards waiting.
   */
  let observed: { afterGrant: number; remaining: number; windowEnd: number } | null = null
  let heldUntil = 0
  /** The latest pause the server asked for (429, Retry-After), for `throttledUntil`. */
  let throttledUntil = 0
  let waitingUntil: number | null = null

  const interactive: Waiter[] = []
  const bulk: Waiter[] = []
  const listeners = new Set<(s: PacerState) => void>()
  let pumping = false
  let wake: AbortController | null = null

  const gap = (): number => span / limit

  function refill(now: number): void {
    tokens = Math.min(burstOf(limit), tokens + Math.max(0, now - refilledAt) / gap())
    refilledAt = now
  }

  function remainingBudget(now: number): number | null {
    if (observed === null) return null
    if (now >= observed.windowEnd) {
      observed = null
      return null
    }
    return observed.remaining - (granted - observed.afterGrant)
  }

  /** The earliest time the head of the queue may go; Infinity = until an answer arrives. */
  function nextSlot(now: number): number {
    if (!answered && inFlight > 0) return Infinity
    let at = Math.max(now, heldUntil)
    while (sends.length > 0 && sends[0]! <= now - span) sends.shift()
    if (sends.length >= limit) at = Math.max(at, sends[sends.length - limit]! + span)
    const budget = remainingBudget(now)
    if (budget !== null && budget <= 0 && observed !== null) at = Math.max(at, observed.windowEnd)
    refill(now)
    if (tokens < 1) at = Math.max(at, now + (1 - tokens) * gap())
    return at
  }

  function state(): PacerState {
    const now = clock.now()
    const budget = remainingBudget(now)
    return {
      queued: interactive.length + bulk.length,
      inFlight,
      waitingUntil,
      throttledUntil: throttledUntil > now ? throttledUntil : null,
      limit,
      remaining: budget === null ? null : Math.max(0, budget)
    }
  }

  function notify(): void {
    if (listeners.size === 0) return
    const s = state()
    for (const l of listeners) l(s)
  }

  function poke(): void {
    wake?.abort()
  }

  function observe(grantNo: number, remaining: number): void {
    const now = clock.now()
    const prev = observed !== null && now < observed.windowEnd ? observed : null
    const sameWindow = prev !== null && grantNo > prev.afterGrant && remaining < prev.remaining
    observed = {
      afterGrant: grantNo,
      remaining,
      windowEnd: sameWindow ? prev.windowEnd : now + span
    }
  }

  function makeTicket(grantNo: number): PacerTicket {
    let settled = false
    return {
      done(answer) {
        if (settled) return
        settled = true
        inFlight -= 1
        if (answer !== null) {
          answered = true
          const info = rateLimitFrom(answer.headers)
          if (info) {
            if (info.limit !== limit) {
              limit = info.limit
              tokens = Math.min(tokens, burstOf(limit))
            }
            observe(grantNo, info.remaining)
          } else if (answer.status === 429) {
            observe(grantNo, 0)
          }
          // A 429's Retry-After (or X-RateLimit-Reset) is the server saying when its window ends.
          const resetIn =
            answer.status === 429 ? retryAfterFrom(answer.headers, clock.now()) : undefined
          if (resetIn !== undefined && observed !== null) observed.windowEnd = clock.now() + resetIn
          if (answer.status === 429 && observed !== null)
            throttledUntil = Math.max(throttledUntil, observed.windowEnd)
        }
        notify()
        poke()
      }
    }
  }

  function grant(w: Waiter, now: number): void {
    w.signal?.removeEventListener('abort', w.onAbort)
    sends.push(now)
    granted += 1
    tokens -= 1
    inFlight += 1
    w.resolve(makeTicket(granted))
  }

  async function pump(): Promise<void> {
    if (pumping) return poke()
    pumping = true
    try {
      for (;;) {
        const head = interactive[0] ?? bulk[0]
        if (!head) break
        const now = clock.now()
        const at = nextSlot(now)
        if (at <= now) {
          ;(interactive[0] === head ? interactive : bulk).shift()
          grant(head, now)
          continue
        }
        const next = at === Infinity ? null : at
        if (next !== waitingUntil) {
          waitingUntil = next
          notify()
        }
        wake = new AbortController()
        // Woken early by an answer, a hold, a new or cancelled waiter: the slot is recomputed.
        await clock.sleep(at === Infinity ? 2 ** 31 - 1 : at - now, wake.signal)
        wake = null
      }
    } finally {
      pumping = false
      if (waitingUntil !== null) waitingUntil = null
      notify()
    }
  }

  return {
    acquire({ signal, priority = 'interactive' } = {}) {
      if (signal?.aborted)
        return Promise.reject(new MarketplaceError('aborted', messages.aborted()))
      return new Promise<PacerTicket>((resolve, reject) => {
        const queue = priority === 'bulk' ? bulk : interactive
        const waiter: Waiter = {
          resolve,
          reject,
          signal,
          onAbort: () => {
            const i = queue.indexOf(waiter)
            if (i !== -1) queue.splice(i, 1)
            reject(new MarketplaceError('aborted', messages.aborted()))
            notify()
            poke()
          }
        }
        signal?.addEventListener('abort', waiter.onAbort, { once: true })
        queue.push(waiter)
        notify()
        void pump()
      })
    },
    holdFor(ms) {
      const atMs = clock.now() + Math.max(0, ms)
      throttledUntil = Math.max(throttledUntil, atMs)
      if (atMs <= heldUntil) return
      heldUntil = atMs
      notify()
      poke()
    },
    state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}

const registry = new Map<string, Pacer>()

/**
 * One pacer per marketplace origin, shared by every client of that origin in this
 * process (the server counts per client IP, so two connections to one site share a
 * budget). Options apply only when the origin is first seen.
 */
export function getPacer(origin: string, options?: PacerOptions): Pacer {
  let key: string
  try {
    key = new URL(origin).origin
  } catch {
    key = origin
  }
  let pacer = registry.get(key)
  if (!pacer) {
    pacer = createPacer(options)
    registry.set(key, pacer)
  }
  return pacer
}
