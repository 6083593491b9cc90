import { afterEach, beforeEach, expect, it } from 'vitest'
import { firstFrameDrawn, holdBackgroundWorkFor } from '../../../renderer/src/frame/page-code'
import { useItems } from '../../../renderer/src/stores/items'
import { freshness, installFakeBridge, ok, resetStores, sampleItems } from '../fake-bridge'

beforeEach(() => resetStores())
afterEach(() => {
  holdBackgroundWorkFor(Promise.resolve())
  firstFrameDrawn()
})

const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

it("a cached list's marketplace refresh waits until the page's code has arrived", async () => {
  const bridge = installFakeBridge({
    listItems: async () => ok({ data: sampleItems(), freshness: freshness({ source: 'cache' }) })
  })
  let arrive = (): void => {}
  holdBackgroundWorkFor(new Promise<void>((resolve) => (arrive = resolve)))
  firstFrameDrawn()
  const loading = useItems.getState().load()
  await settled()
  // The cached list is on screen already; the marketplace is not asked yet.
  expect(useItems.getState().list).not.toBeNull()
  expect(bridge.calls.queryItems?.filter((r) => r.refresh)).toEqual([])
  arrive()
  await loading
  expect(bridge.calls.queryItems?.filter((r) => r.refresh)).toHaveLength(1)
})

it('a failed load of the code does not hold the refresh back for good', async () => {
  const bridge = installFakeBridge({
    listItems: async () => ok({ data: sampleItems(), freshness: freshness({ source: 'cache' }) })
  })
  holdBackgroundWorkFor(Promise.reject(new Error('the host stopped')))
  firstFrameDrawn()
  await useItems.getState().load()
  expect(bridge.calls.queryItems?.filter((r) => r.refresh)).toHaveLength(1)
})

it("a cached list's marketplace refresh waits until the first frame is drawn", async () => {
  const bridge = installFakeBridge({
    listItems: async () => ok({ data: sampleItems(), freshness: freshness({ source: 'cache' }) })
  })
  holdBackgroundWorkFor(Promise.resolve())
  const loading = useItems.getState().load()
  await settled()
  expect(useItems.getState().list).not.toBeNull()
  expect(bridge.calls.queryItems?.filter((r) => r.refresh)).toEqual([])
  firstFrameDrawn()
  await loading
  expect(bridge.calls.queryItems?.filter((r) => r.refresh)).toHaveLength(1)
})
