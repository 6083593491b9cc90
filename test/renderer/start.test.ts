import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { installFakeBridge, resetStores } from './fake-bridge'

beforeEach(() => {
  resetStores()
  vi.resetModules()
})
afterEach(() => window.history.replaceState(null, '', '/'))

it('asks main for the first screen as the module is evaluated, before React is drawn', async () => {
  const bridge = installFakeBridge()
  const { firstScreen } = await import('../../renderer/src/start')
  expect(firstScreen).not.toBeNull()
  expect(bridge.listConnections).toHaveBeenCalledTimes(1)
  expect(bridge.getSettings).toHaveBeenCalledTimes(1)
  expect(bridge.openingWindow).toHaveBeenCalledTimes(1)
  await firstScreen?.ready
  firstScreen?.stop()
})

it('asks nothing in the lookup window, which asks its own questions', async () => {
  window.history.replaceState(null, '', '/?view=quick')
  const bridge = installFakeBridge()
  const { firstScreen } = await import('../../renderer/src/start')
  expect(firstScreen).toBeNull()
  expect(bridge.listConnections).not.toHaveBeenCalled()
  expect(bridge.openingWindow).not.toHaveBeenCalled()
})
