import { useSyncExternalStore } from 'react'

/** How often "now" moves on: days-left and "today" wording never needs finer. */
const NOW_TICK_MS = 60_000

// One clock for every view that shows relative dates, so an app left open all day keeps
// "12 days left" and "expired" true without each view running its own timer.
let current = new Date()
const listeners = new Set<() => void>()
let stop: (() => void) | null = null

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // The first view after a quiet spell must not start from a stale time.
    current = new Date()
    // Bound now: a test's fake timers must be cleared by the same fake clock.
    const clear = globalThis.clearInterval
    const timer = globalThis.setInterval(() => {
      current = new Date()
      for (const l of listeners) l()
    }, NOW_TICK_MS)
    stop = () => clear(timer)
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      stop?.()
      stop = null
    }
  }
}

const snapshot = (): Date => current

/** The current time, updated once a minute while any component shows it. */
export function useNow(): Date {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
