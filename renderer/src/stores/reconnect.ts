import { useAccount } from './account'
import { useConnectionStatus } from './connection-status'
import { useItems } from './items'

/**
 * After the marketplace stopped answering, ask again after 5 s, 15 s, 60 s, then every
 * 5 minutes (the last delay repeats): "Offline" clears by itself once it answers, well
 * inside the 60-requests-a-minute budget.
 */
export const RECONNECT_DELAYS_MS: readonly number[] = [5_000, 15_000, 60_000, 300_000]

/** A view's data that can be offline, and how to ask the marketplace for it again. */
interface Source {
  offline(): boolean
  retry(): Promise<void>
}

const SOURCES: Source[] = [
  {
    offline: () => useAccount.getState().freshness?.offline === true,
    retry: () => useAccount.getState().refresh()
  },
  {
    offline: () => useItems.getState().freshness?.offline === true,
    retry: () => useItems.getState().refresh()
  },
  {
    offline: () => useItems.getState().detail?.freshness?.offline === true,
    retry: () => useItems.getState().refreshDetail()
  },
  {
    // Offline learnt elsewhere (a check in Validate, a bulk run) with no view's data marked
    // so: the account read is the cheapest question that proves the way back.
    offline: () =>
      useConnectionStatus.getState().status.state === 'offline' &&
      useAccount.getState().freshness?.offline !== true &&
      useItems.getState().freshness?.offline !== true,
    retry: () => useAccount.getState().refresh()
  }
]

export interface ReconnectOptions {
  delays?: readonly number[]
  /** Where `focus` and `online` are heard (the window). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>
}

/**
 * Watches the stores while the app shows a connection: whenever some data is offline,
 * retries on a backoff, and at once when the window gets focus or the OS says it is
 * online again. Returns the function that stops watching.
 */
export function watchReconnect(options: ReconnectOptions = {}): () => void {
  const delays = options.delays ?? RECONNECT_DELAYS_MS
  const events = options.events ?? window
  let attempt = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  let running = false
  let stopped = false

  const anyOffline = (): boolean => SOURCES.some((s) => s.offline())
  const cancel = (): void => {
    if (timer !== null) clearTimeout(timer)
    timer = null
  }

  const retryNow = async (): Promise<void> => {
    cancel()
    if (running || stopped) return
    running = true
    try {
      await Promise.all(SOURCES.filter((s) => s.offline()).map((s) => s.retry()))
    } finally {
      running = false
    }
    update()
  }

  function update(): void {
    if (stopped || running) return
    if (!anyOffline()) {
      cancel()
      attempt = 0
      return
    }
    if (timer !== null) return
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 300_000
    attempt++
    timer = setTimeout(() => void retryNow(), delay)
  }

  const onFocus = (): void => {
    if (anyOffline()) void retryNow()
  }
  const onOnline = (): void => {
    // The network came back: start the backoff over, beginning with this try.
    attempt = 0
    onFocus()
  }

  const unsubscribe = [useAccount.subscribe(update), useItems.subscribe(update)]
  events.addEventListener('focus', onFocus)
  events.addEventListener('online', onOnline)
  update()

  return () => {
    stopped = true
    cancel()
    unsubscribe.forEach((u) => u())
    events.removeEventListener('focus', onFocus)
    events.removeEventListener('online', onOnline)
  }
}
