import { describe, expect, it } from 'vitest'
import {
  createRefreshTracker,
  REFRESH_CANCELLED
} from '../../../electron/main/catalogue/refresh-progress'

function clock(): { now: () => number; advance(ms: number): void } {
  let t = 1_000
  return { now: () => t, advance: (ms) => (t += ms) }
}

describe('refresh progress', () => {
  it('says nothing while no refresh runs, then what the running one reported last', () => {
    const c = clock()
    const tracker = createRefreshTracker(c.now)
    expect(tracker.progress('a')).toBeNull()
    const run = tracker.start('a')
    expect(tracker.progress('a')).toEqual({
      phase: 'waiting',
      done: 0,
      total: null,
      elapsedMs: 0,
      cancellable: true
    })
    c.advance(1_500)
    run.report('downloading', 4_200_000, 15_100_000)
    expect(tracker.progress('a')).toEqual({
      phase: 'downloading',
      done: 4_200_000,
      total: 15_100_000,
      elapsedMs: 1_500,
      cancellable: true
    })
    run.report('indexing', 6_000, 10_000)
    expect(tracker.progress('a')).toMatchObject({ phase: 'indexing', done: 6_000, total: 10_000 })
    // Another connection's refresh is its own.
    expect(tracker.progress('b')).toBeNull()
    run.end()
    expect(tracker.progress('a')).toBeNull()
  })

  it('shows the newest of two refreshes of one connection', () => {
    const c = clock()
    const tracker = createRefreshTracker(c.now)
    const first = tracker.start('a')
    first.report('reading', 10, 20)
    c.advance(5)
    const second = tracker.start('a')
    expect(tracker.progress('a')).toMatchObject({ phase: 'waiting', elapsedMs: 0 })
    second.end()
    expect(tracker.progress('a')).toMatchObject({ phase: 'reading', done: 10, elapsedMs: 5 })
    first.end()
  })

  it('cancels: the signal aborts with an `aborted` failure that check() throws', () => {
    const tracker = createRefreshTracker()
    const run = tracker.start('a')
    const other = tracker.start('b')
    expect(() => run.check()).not.toThrow()
    expect(tracker.cancel('a')).toBe(true)
    expect(run.signal.aborted).toBe(true)
    expect(other.signal.aborted).toBe(false)
    expect(run.signal.reason).toMatchObject({ kind: 'aborted', message: REFRESH_CANCELLED })
    expect(() => run.check()).toThrow(REFRESH_CANCELLED)
    expect(tracker.progress('a')).toMatchObject({ cancellable: false })
    // Cancelled already: a second cancel has nothing left to stop.
    expect(tracker.cancel('a')).toBe(false)
    expect(tracker.cancel('nobody')).toBe(false)
  })

  it('cannot cancel a refresh that is saving its new list, nor move it back', () => {
    const tracker = createRefreshTracker()
    const run = tracker.start('a')
    run.committing()
    run.report('indexing', 5, 10)
    expect(tracker.progress('a')).toMatchObject({
      phase: 'saving',
      total: null,
      cancellable: false
    })
    expect(tracker.cancel('a')).toBe(false)
    expect(run.signal.aborted).toBe(false)
  })
})

describe('closing the tracker', () => {
  it('resolves at once when no refresh runs', async () => {
    await expect(createRefreshTracker().close()).resolves.toBeUndefined()
  })

  it('cancels a running refresh and resolves only once it has ended', async () => {
    const tracker = createRefreshTracker()
    const run = tracker.start('a')
    let closed = false
    const closing = tracker.close().then(() => (closed = true))
    expect(run.signal.aborted).toBe(true)
    expect(() => run.check()).toThrow(REFRESH_CANCELLED)
    await new Promise((resolve) => setImmediate(resolve))
    expect(closed).toBe(false)
    run.end()
    await closing
    expect(closed).toBe(true)
  })

  it('lets a refresh that is saving its list finish, and waits for it', async () => {
    const tracker = createRefreshTracker()
    const saving = tracker.start('a')
    saving.committing()
    const other = tracker.start('b')
    let closed = false
    const closing = tracker.close().then(() => (closed = true))
    expect(saving.signal.aborted).toBe(false)
    expect(other.signal.aborted).toBe(true)
    other.end()
    await new Promise((resolve) => setImmediate(resolve))
    expect(closed).toBe(false)
    saving.end()
    await closing
    expect(closed).toBe(true)
  })
})
