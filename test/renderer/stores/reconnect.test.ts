import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useAccount } from '../../../renderer/src/stores/account'
import { RECONNECT_DELAYS_MS, watchReconnect } from '../../../renderer/src/stores/reconnect'
import { freshness, installFakeBridge, ok, resetStores, sampleAccount } from '../fake-bridge'

// The marketplace went away and came back: the app notices by itself, asking again on a
// backoff, at once on window focus or when the OS is online again.

let marketUp = false
let stop: (() => void) | null = null

function install() {
  return installFakeBridge({
    getAccount: async () =>
      ok({
        data: sampleAccount(),
        freshness: marketUp
          ? freshness()
          : freshness({ source: 'cache', offline: true, refreshError: 'unreachable' })
      })
  })
}

/** Lets the fake bridge's answers and the store updates settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

beforeEach(() => {
  resetStores()
  marketUp = false
  vi.useFakeTimers()
})
afterEach(() => {
  stop?.()
  stop = null
  vi.useRealTimers()
})

describe('watchReconnect', () => {
  it('retries after 5 s, 15 s, 60 s, then every 5 minutes, and stops once online', async () => {
    const bridge = install()
    await useAccount.getState().load()
    expect(useAccount.getState().freshness?.offline).toBe(true)
    const calls = (): number => bridge.getAccount.mock.calls.length
    const before = calls()
    stop = watchReconnect({ events: new EventTarget() as unknown as Window })

    expect(RECONNECT_DELAYS_MS).toEqual([5_000, 15_000, 60_000, 300_000])
    for (const [delay, n] of [
      [5_000, 1],
      [15_000, 2],
      [60_000, 3],
      [300_000, 4],
      [300_000, 5]
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay - 1)
      expect(calls() - before).toBe(n - 1)
      await vi.advanceTimersByTimeAsync(1)
      await settle()
      expect(calls() - before).toBe(n)
    }

    marketUp = true
    await vi.advanceTimersByTimeAsync(300_000)
    await settle()
    expect(useAccount.getState().freshness?.offline).toBe(false)
    const settled = calls()
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(calls()).toBe(settled)
  })

  it('asks at once when the window gets focus or the OS comes back online', async () => {
    const bridge = install()
    await useAccount.getState().load()
    const events = new EventTarget()
    stop = watchReconnect({ events: events as unknown as Window })
    const before = bridge.getAccount.mock.calls.length

    events.dispatchEvent(new Event('focus'))
    await settle()
    expect(bridge.getAccount.mock.calls.length).toBe(before + 1)
    expect(useAccount.getState().freshness?.offline).toBe(true)

    marketUp = true
    events.dispatchEvent(new Event('online'))
    await settle()
    expect(bridge.getAccount.mock.calls.length).toBe(before + 2)
    expect(useAccount.getState().freshness?.offline).toBe(false)
  })
})
