import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useShownAfter } from '../../../renderer/src/lib/use-shown-after'

describe('useShownAfter', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('stays false for a short wait and turns true once the wait is long', () => {
    const { result, rerender } = renderHook(({ on }) => useShownAfter(on, 150), {
      initialProps: { on: false }
    })
    rerender({ on: true })
    expect(result.current).toBe(false)
    act(() => void vi.advanceTimersByTime(149))
    expect(result.current).toBe(false)
    act(() => void vi.advanceTimersByTime(1))
    expect(result.current).toBe(true)
  })

  it('turns false at once when the wait ends, and starts over for the next one', () => {
    const { result, rerender } = renderHook(({ on }) => useShownAfter(on, 150), {
      initialProps: { on: true }
    })
    act(() => void vi.advanceTimersByTime(150))
    expect(result.current).toBe(true)
    rerender({ on: false })
    expect(result.current).toBe(false)
    rerender({ on: true })
    act(() => void vi.advanceTimersByTime(100))
    expect(result.current).toBe(false)
  })

  it('never shows a wait that ended before the grace period', () => {
    const { result, rerender } = renderHook(({ on }) => useShownAfter(on, 150), {
      initialProps: { on: true }
    })
    act(() => void vi.advanceTimersByTime(100))
    rerender({ on: false })
    act(() => void vi.advanceTimersByTime(500))
    expect(result.current).toBe(false)
  })
})
