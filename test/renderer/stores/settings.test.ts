import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { INSET_SAVE_DELAY_MS, useSettings } from '../../../renderer/src/stores/settings'
import { installFakeBridge, ok, resetStores } from '../fake-bridge'

beforeEach(() => {
  resetStores()
  vi.useFakeTimers()
})
afterEach(() => {
  vi.runOnlyPendingTimers()
  vi.useRealTimers()
})

it("takes where the grid sat from main's settings", async () => {
  installFakeBridge({
    getSettings: async () => ok({ theme: 'dark' as const, itemsInset: { x: 220, y: 113 } })
  })
  await useSettings.getState().load()
  expect(useSettings.getState().itemsInset).toEqual({ x: 220, y: 113 })
})

it('tells main of a move at once, then at most once per delay, and never of no move', async () => {
  const bridge = installFakeBridge({
    getSettings: async () => ok({ theme: 'system' as const, itemsInset: { x: 220, y: 113 } })
  })
  await useSettings.getState().load()
  const remember = useSettings.getState().rememberItemsInset

  remember({ x: 220, y: 113 })
  expect(bridge.calls.setItemsInset).toBeUndefined()

  // A window being resized: the first move goes at once, the rest wait for the delay and
  // only the last of them is sent.
  remember({ x: 220, y: 120 })
  remember({ x: 220, y: 140 })
  remember({ x: 220, y: 160 })
  expect(bridge.calls.setItemsInset).toEqual([{ x: 220, y: 120 }])
  expect(useSettings.getState().itemsInset).toEqual({ x: 220, y: 160 })
  vi.advanceTimersByTime(INSET_SAVE_DELAY_MS)
  expect(bridge.calls.setItemsInset).toEqual([
    { x: 220, y: 120 },
    { x: 220, y: 160 }
  ])
  // Nothing new by the end of the next delay: nothing more is sent.
  vi.advanceTimersByTime(INSET_SAVE_DELAY_MS * 3)
  expect(bridge.calls.setItemsInset).toHaveLength(2)
  // Once quiet, a move goes at once again.
  remember({ x: 300, y: 160 })
  expect(bridge.calls.setItemsInset).toHaveLength(3)
})
