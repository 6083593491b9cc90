import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RefreshProgress } from '../../../shared/ipc/contract'
import {
  POLL_MS,
  useRefreshProgress,
  watchingRefresh
} from '../../../renderer/src/stores/refresh-progress'
import { deferred, installFakeBridge, ok, resetStores } from '../fake-bridge'

// The page asks main how far a refresh is while it waits on one (main cannot tell it), and
// shows it only once the refresh has run over a second.

const at = (elapsedMs: number, patch: Partial<RefreshProgress> = {}): RefreshProgress => ({
  phase: 'downloading',
  done: 4_200_000,
  total: 15_100_000,
  elapsedMs,
  cancellable: true,
  ...patch
})

beforeEach(() => {
  resetStores()
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  useRefreshProgress.setState({ progress: null, cancelling: false })
})

describe('refresh progress in the page', () => {
  it('asks while a refresh runs, shows it past a second, and clears when it answers', async () => {
    const answers = [at(400), at(1_200), at(1_600, { phase: 'indexing', done: 6, total: 10 })]
    const bridge = installFakeBridge({
      getRefreshProgress: async () => ok(answers.shift() ?? null)
    })
    const read = deferred<string>()
    const running = watchingRefresh(() => read.promise)

    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(bridge.getRefreshProgress).toHaveBeenCalledTimes(1)
    // Under a second: a quick refresh shows nothing at all.
    expect(useRefreshProgress.getState().progress).toBeNull()
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(useRefreshProgress.getState().progress).toEqual(at(1_200))
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(useRefreshProgress.getState().progress).toMatchObject({ phase: 'indexing', done: 6 })

    read.resolve('answered')
    expect(await running).toBe('answered')
    expect(useRefreshProgress.getState().progress).toBeNull()
    // Nothing is asked once no refresh runs.
    await vi.advanceTimersByTimeAsync(POLL_MS * 5)
    expect(bridge.getRefreshProgress).toHaveBeenCalledTimes(3)
  })

  it('cancels once, and says so until the refresh answers', async () => {
    const bridge = installFakeBridge({
      getRefreshProgress: async () => ok(at(2_000)),
      cancelRefresh: async () => ok({ cancelled: true })
    })
    const read = deferred<null>()
    const running = watchingRefresh(() => read.promise)
    await vi.advanceTimersByTimeAsync(POLL_MS)
    await useRefreshProgress.getState().cancel()
    await useRefreshProgress.getState().cancel()
    expect(bridge.cancelRefresh).toHaveBeenCalledTimes(1)
    expect(useRefreshProgress.getState().cancelling).toBe(true)
    read.resolve(null)
    await running
    expect(useRefreshProgress.getState()).toMatchObject({ progress: null, cancelling: false })
  })

  it('does not cancel a refresh that is saving its list', async () => {
    const bridge = installFakeBridge({
      getRefreshProgress: async () => ok(at(2_000, { phase: 'saving', cancellable: false }))
    })
    const read = deferred<null>()
    const running = watchingRefresh(() => read.promise)
    await vi.advanceTimersByTimeAsync(POLL_MS)
    await useRefreshProgress.getState().cancel()
    expect(bridge.cancelRefresh).not.toHaveBeenCalled()
    read.resolve(null)
    await running
  })
})
