import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { whenIdleOrLeaving } from '../../renderer/src/bridge'

// jsdom has no requestIdleCallback: the page's idle moment is the next task there.
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

it('keeps the token once the page is idle, once', () => {
  const write = vi.fn()
  whenIdleOrLeaving(window)(write)
  expect(write).not.toHaveBeenCalled()
  vi.runAllTimers()
  expect(write).toHaveBeenCalledTimes(1)
  window.dispatchEvent(new Event('pagehide'))
  expect(write).toHaveBeenCalledTimes(1)
})

it('keeps the token as the page goes away (a reload) before it was idle, once', () => {
  const write = vi.fn()
  whenIdleOrLeaving(window)(write)
  window.dispatchEvent(new Event('pagehide'))
  expect(write).toHaveBeenCalledTimes(1)
  vi.runAllTimers()
  expect(write).toHaveBeenCalledTimes(1)
})
