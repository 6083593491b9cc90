import { abortableSleep } from '../util/abortable-sleep'
import { MarketplaceError, messages } from './errors'
import type { HeaderReader } from './retry-after'
import { SendBudget, type PacerPriority } from './send-budget'

export type { PacerPriority } from './send-budget'

/** Time as the pacer sees it: injectable so unit tests run on a fake clock. */
export interface PacerClock {
  now(): number
  /** Resolves after `ms`, or as soon as `signal` aborts (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

const systemClock: PacerClock = { now: () => Date.now(), sleep: abortableSleep }

export interface PacerOptions {
  /** Requests per window assumed until the server's X-RateLimit-Limit says otherwise. */
  limit?: number
  /** The server's window; headers never tell it, real installs use one minute. */
  windowMs?: number
  /** Added to the window to absorb network jitter between our clock and the server's. */
  safetyMs?: number
  clock?: PacerClock
}

interface PacerState {
  /** Requests waiting for a slot. */
  queued: number
  inFlight: number
  /** When the next queued request may go (epoch ms), for the UI's countdown; null when not waiting. */
  waitingUntil: number | null
  /**
   * Until when the marketplace itself asked for a pause (a 429, or a 503's Retry-After),
   * epoch ms; null when it has not. Waiting under the budget is not this: it is progress.
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
  signal: AbortSignal | undefined
  onAbort: () => void
}

/**
 * Keeps one marketplace's requests under its rate limit: a queue in front of a
 * SendBudget, whose rules say when the head of the queue may go. Interactive requests go
 * before queued bulk ones, and bulk work leaves a small reserve of every window to them.
 */
export function createPacer(options: PacerOptions = {}): Pacer {
  const clock = options.clock ?? systemClock
  const windowMs = options.windowMs ?? 60_000
  const span = windowMs + (options.safetyMs ?? Math.max(250, Math.round(windowMs * 0.05)))
  const budget = new SendBudget({ limit: options.limit ?? 60, span, now: () => clock.now() })
  let waitingUntil: number | null = null

  const interactive: Waiter[] = []
  const bulk: Waiter[] = []
  const listeners = new Set<(s: PacerState) => void>()
  let pumping = false
  let wake: AbortController | null = null

  function state(): PacerState {
    const now = clock.now()
    const left = budget.remaining(now)
    return {
      queued: interactive.length + bulk.length,
      inFlight: budget.inFlight,
      waitingUntil,
      throttledUntil: budget.throttledUntil(now),
      limit: budget.limit,
      remaining: left === null ? null : Math.max(0, left)
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

  function grant(w: Waiter, now: number): void {
    w.signal?.removeEventListener('abort', w.onAbort)
    const grantNo = budget.send(now)
    let settled = false
    w.resolve({
      done(answer) {
        if (settled) return
        settled = true
        budget.settle(grantNo, answer)
        notify()
        poke()
      }
    })
  }

  async function pump(): Promise<void> {
    if (pumping) return poke()
    pumping = true
    try {
      for (;;) {
        const queue = interactive.length > 0 ? interactive : bulk
        const head = queue[0]
        if (!head) break
        const now = clock.now()
        const at = budget.nextSlot(now, queue === bulk ? 'bulk' : 'interactive')
        if (at <= now) {
          queue.shift()
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
      if (!budget.holdFor(ms)) return
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
