import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  FOREGROUND_MAX_HOLD_MS,
  FOREGROUND_QUIET_MS,
  foregroundQuiet,
  foregroundRequest,
  timeSlices
} from '../../../electron/main/util/time-slices'

const busy = (ms: number): void => {
  const until = performance.now() + ms
  while (performance.now() < until);
}

afterEach(() => {
  vi.useRealTimers()
})

/** A request asked and answered in the same instant: a keystroke's mark. */
const tap = (): void => foregroundRequest()()

/** Whether a promise has settled after the clock moved by `ms` (fake timers). */
async function settledAfter(p: Promise<void>, ms: number): Promise<boolean> {
  let done = false
  void p.then(() => (done = true))
  await vi.advanceTimersByTimeAsync(ms)
  return done
}

describe('timeSlices', () => {
  it('is due once the slice of work has passed, and a turn runs what was queued', async () => {
    const slices = timeSlices(5)
    expect(slices.due()).toBe(false)
    busy(6)
    expect(slices.due()).toBe(true)
    let ran = false
    setImmediate(() => (ran = true))
    await slices.turn()
    expect(ran).toBe(true)
    expect(slices.due()).toBe(false)
  })

  it('a background turn waits until the seller has been quiet, a foreground one does not', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] })
    tap()
    expect(await settledAfter(timeSlices(4).turn(), 1)).toBe(true)

    tap()
    const background = timeSlices(4, { background: true }).turn()
    expect(await settledAfter(background, FOREGROUND_QUIET_MS / 2)).toBe(false)
    // Another keystroke: the quiet starts again from it.
    tap()
    expect(await settledAfter(background, FOREGROUND_QUIET_MS - 10)).toBe(false)
    expect(await settledAfter(background, 20)).toBe(true)
  })

  it('background work moves on after the max hold even if requests never stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] })
    tap()
    const background = timeSlices(4, { background: true }).turn()
    const step = FOREGROUND_QUIET_MS / 4
    let done = false
    void background.then(() => (done = true))
    let waited = 0
    while (!done && waited < FOREGROUND_MAX_HOLD_MS * 2) {
      tap()
      await vi.advanceTimersByTimeAsync(step)
      waited += step
    }
    expect(done).toBe(true)
    expect(waited).toBeGreaterThanOrEqual(FOREGROUND_MAX_HOLD_MS)
    expect(waited).toBeLessThanOrEqual(FOREGROUND_MAX_HOLD_MS + step)
  })

  it('a wait for the seller ends at once when its signal aborts (the app is closing)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] })
    tap()
    const closing = new AbortController()
    const waiting = foregroundQuiet(closing.signal)
    expect(await settledAfter(waiting, FOREGROUND_QUIET_MS / 2)).toBe(false)
    closing.abort()
    expect(await settledAfter(waiting, 0)).toBe(true)
  })

  it('background work holds while a request is answered, then the quiet after its answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] })
    const answered = foregroundRequest()
    const background = timeSlices(4, { background: true }).turn()
    // A first search reading the saved list: longer than the quiet, shorter than the max hold.
    expect(await settledAfter(background, FOREGROUND_QUIET_MS * 3)).toBe(false)
    answered()
    answered() // again: harmless, the request is not counted twice
    expect(await settledAfter(background, FOREGROUND_QUIET_MS - 10)).toBe(false)
    expect(await settledAfter(background, 20)).toBe(true)
  })

  it('work in main answering the seller (the saved list read) holds background work as it runs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] })
    const answered = foregroundRequest()
    const read = timeSlices(8)
    const step = FOREGROUND_QUIET_MS / 4
    for (let t = 0; t < FOREGROUND_MAX_HOLD_MS * 2; t += step) {
      const turned = read.turn()
      await vi.advanceTimersByTimeAsync(step)
      await turned
    }
    // Past the max hold, and the read still turning: background work waits for it.
    const background = foregroundQuiet()
    expect(await settledAfter(background, FOREGROUND_QUIET_MS / 2)).toBe(false)
    answered()
    expect(await settledAfter(background, FOREGROUND_QUIET_MS)).toBe(true)
    // Sliced work with no seller waiting holds nothing.
    const turned = read.turn()
    await vi.advanceTimersByTimeAsync(1)
    await turned
    expect(await settledAfter(foregroundQuiet(), 0)).toBe(true)
  })

  it('a request answered for longer than the max hold (the network) holds nothing more', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] })
    const answered = foregroundRequest()
    const first = foregroundQuiet()
    expect(await settledAfter(first, FOREGROUND_MAX_HOLD_MS - 10)).toBe(false)
    expect(await settledAfter(first, 20)).toBe(true)
    // Still unanswered: the next background turn goes at once.
    expect(await settledAfter(foregroundQuiet(), 0)).toBe(true)
    answered()
  })
})
