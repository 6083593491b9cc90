/**
 * A long loop in the host shares one thread with every answer the page waits for: between
 * its steps, `due()` says when `sliceMs` of work have passed since the loop last let the
 * event loop turn, and `turn()` lets it (queued I/O, an answer, runs first).
 *
 * A background loop (`background: true`: work no answer waits for, such as the media
 * prefetch's pass over a synced list) also holds back while the seller is typing or
 * looking a code up: with two cores shared with the browser, even sliced work made a
 * keystroke's answer and paint wait for a core.
 */
export interface TimeSlices {
  due(): boolean
  turn(): Promise<void>
}

/** How long after the seller's last request background work waits. */
export const FOREGROUND_QUIET_MS = 200
/** Background work always moves on after this long, even if requests never stop. */
export const FOREGROUND_MAX_HOLD_MS = 1000

let lastForeground = Number.NEGATIVE_INFINITY
/** When each seller request being answered now was asked. */
const answering = new Set<{ at: number }>()
/** Background waits to look again when a request is answered. */
const wakers = new Set<() => void>()

/**
 * The seller is waiting on an answer (a search, an item, a verdict): background work holds
 * back until it is answered (for at most FOREGROUND_MAX_HOLD_MS: one that takes longer
 * waits on something else, the network most often) and FOREGROUND_QUIET_MS more. Call what
 * this returns once the answer is ready (again is harmless). A first search that reads the
 * saved list (600 ms behind a launch refresh at 10,000 items) shared main with the
 * refresh's slices after its first 200 ms when only the request's start was marked.
 */
export function foregroundRequest(): () => void {
  const request = { at: performance.now() }
  lastForeground = request.at
  answering.add(request)
  return () => {
    if (!answering.delete(request)) return
    lastForeground = performance.now()
    for (const wake of [...wakers]) wake()
  }
}

/** When the seller last asked or was answered (performance.now() time); -Infinity before any request. */
export function lastForegroundRequest(): number {
  return lastForeground
}

/**
 * Resolves once no seller request is being answered (see foregroundRequest) and none came
 * or was answered for FOREGROUND_QUIET_MS, or after the max hold, or at once when `signal`
 * aborts (the app is closing: it must not wait for the seller).
 */
export async function foregroundQuiet(signal?: AbortSignal): Promise<void> {
  const until = performance.now() + FOREGROUND_MAX_HOLD_MS
  for (;;) {
    const now = performance.now()
    let quietAt = lastForeground + FOREGROUND_QUIET_MS
    for (const { at } of answering) quietAt = Math.max(quietAt, at + FOREGROUND_MAX_HOLD_MS)
    const wait = Math.min(quietAt, until) - now
    if (wait <= 0 || signal?.aborted) return
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        wakers.delete(done)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, Math.ceil(wait))
      wakers.add(done)
      signal?.addEventListener('abort', done, { once: true })
    })
  }
}

/**
 * Sliced work that is not background (the saved list read for a search) is the seller's
 * while they wait on an answer: each of its turns counts as a request, so background work
 * holds back for as long as it runs, past FOREGROUND_MAX_HOLD_MS. Work waiting on the
 * network runs no slices, so it still holds for FOREGROUND_MAX_HOLD_MS at most. At 100,000
 * items a launch's first search took 2.8-4.8 s with the media folder's slices back after
 * its first second, and 1.6-2.4 s held throughout (P2b, 2026-11-28).
 */
function stillAnswering(): void {
  if (answering.size > 0) lastForeground = performance.now()
}

export function timeSlices(
  sliceMs = 4,
  options: { background?: boolean; signal?: AbortSignal } = {}
): TimeSlices {
  let since = performance.now()
  return {
    due: () => performance.now() - since >= sliceMs,
    turn: async () => {
      await new Promise((resolve) => setImmediate(resolve))
      if (options.background) await foregroundQuiet(options.signal)
      else stillAnswering()
      since = performance.now()
    }
  }
}

/**
 * The slices of a catalogue refresh (scan, parse, key scrub, index): at most 8 ms of work
 * between turns of the event loop, and background work, so it holds back while the seller
 * types or checks a code (a keystroke's answer then waits for no slice of it at all).
 * With `signal`, a cancelled refresh stops at its next turn, throwing the signal's reason.
 */
export function refreshSlices(signal?: AbortSignal): TimeSlices {
  const slices = timeSlices(8, { background: true, ...(signal ? { signal } : {}) })
  if (!signal) return slices
  return {
    due: slices.due,
    turn: async () => {
      await slices.turn()
      if (signal.aborted) throw signal.reason
    }
  }
}
