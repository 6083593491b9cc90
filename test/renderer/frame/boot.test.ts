import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bootFirstScreen, renderWhenReady } from '../../../renderer/src/frame/boot'
import { useConnections } from '../../../renderer/src/stores/connections'
import { useItems } from '../../../renderer/src/stores/items'
import { useNav } from '../../../renderer/src/stores/nav'
import { useSettings } from '../../../renderer/src/stores/settings'
import { FIRST_WINDOW } from '../../../shared/item-summary'
import { installFakeBridge, resetStores, sampleConnections, type FakeBridge } from '../fake-bridge'
import { warmFormats } from '../../../renderer/src/lib/warm-formats'
import { loadViewCode } from '../../../renderer/src/frame/routes'

vi.mock('../../../renderer/src/lib/warm-formats', () => ({ warmFormats: vi.fn() }))
// The real loader, watched: which view's code the first screen asks for, and when.
vi.mock('../../../renderer/src/frame/routes', async (actual) => {
  const routes = await actual<typeof import('../../../renderer/src/frame/routes')>()
  return { ...routes, loadViewCode: vi.fn(routes.loadViewCode) }
})

let stop: (() => void) | null = null
beforeEach(() => resetStores())
afterEach(() => {
  stop?.()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.mocked(warmFormats).mockClear()
  vi.mocked(loadViewCode).mockClear()
})

it('asks for the first window once settings say Items opens and a connection exists, before any view renders', async () => {
  const bridge = installFakeBridge()
  stop = bootFirstScreen().stop
  useNav.getState().restore('items')
  useSettings.setState({ loaded: true })
  expect(useItems.getState().status).toBe('idle')
  useConnections.setState({ state: sampleConnections(), status: 'ready' })
  expect(useItems.getState().status).toBe('loading')
  // Main answered no opening window (the fake's default): the list asks for it.
  await vi.waitFor(() => expect(bridge.queryItems).toHaveBeenCalledTimes(1))
})

it('asks for nothing when the app opens elsewhere or has no connection', () => {
  const bridge = installFakeBridge()
  stop = bootFirstScreen().stop
  useSettings.setState({ loaded: true })
  useConnections.setState({ state: sampleConnections(), status: 'ready' })
  stop()
  resetStores()
  stop = bootFirstScreen().stop
  useNav.getState().restore('items')
  useSettings.setState({ loaded: true })
  useConnections.setState({
    state: { connections: [], activeId: null, keychain: 'available' },
    status: 'ready'
  })
  expect(bridge.queryItems).not.toHaveBeenCalled()
})

it('asks main for connections and settings once, before React draws: the frame mounting later shares those questions', async () => {
  const bridge = installFakeBridge({
    getSettings: async () => ({ ok: true, data: { theme: 'dark', lastView: 'items' } })
  })
  const first = bootFirstScreen()
  stop = first.stop
  // What App's effect does as it mounts, while the page's own questions are under way.
  const mounted = Promise.all([useConnections.getState().load(), useSettings.getState().load()])
  await Promise.all([first.answered, mounted])
  expect(bridge.listConnections).toHaveBeenCalledTimes(1)
  expect(bridge.getSettings).toHaveBeenCalledTimes(1)
  expect(useConnections.getState().state).toEqual(sampleConnections())
  expect(useSettings.getState()).toMatchObject({ loaded: true, theme: 'dark' })
  // Answered with Items as the last view and a connection: the first window is on its way.
  expect(bridge.queryItems).toHaveBeenCalledTimes(1)
  // Once answered, a later load (Retry) asks again.
  await useConnections.getState().load()
  expect(bridge.listConnections).toHaveBeenCalledTimes(2)
})

it('answers as failed, not never, when main cannot be asked', async () => {
  installFakeBridge({
    listConnections: async () => ({ ok: false, error: { kind: 'internal', message: 'boom' } })
  })
  const first = bootFirstScreen()
  stop = first.stop
  await first.answered
  expect(useConnections.getState()).toMatchObject({ status: 'error', state: null })
})

it('draws the first frame once main has answered, not before and not twice', async () => {
  vi.useFakeTimers()
  let answer!: () => void
  const answered = new Promise<void>((resolve) => (answer = resolve))
  const render = vi.fn()
  renderWhenReady(answered, render, 150)
  await vi.advanceTimersByTimeAsync(100)
  expect(render).not.toHaveBeenCalled()
  answer()
  await vi.advanceTimersByTimeAsync(0)
  expect(render).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(500)
  expect(render).toHaveBeenCalledTimes(1)
})

it('draws the skeleton after the wait when main is slow to answer, and only once', async () => {
  vi.useFakeTimers()
  let answer!: () => void
  const answered = new Promise<void>((resolve) => (answer = resolve))
  const render = vi.fn()
  renderWhenReady(answered, render, 150)
  await vi.advanceTimersByTimeAsync(149)
  expect(render).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  expect(render).toHaveBeenCalledTimes(1)
  answer()
  await vi.advanceTimersByTimeAsync(0)
  expect(render).toHaveBeenCalledTimes(1)
})

it('shows the window main answered as the page started, without asking for it again', async () => {
  const bridge = installFakeBridge({
    getSettings: async () => ({ ok: true, data: { theme: 'system', lastView: 'items' } })
  })
  const window = await bridge.queryItems({ ...FIRST_WINDOW })
  if (!window.ok) throw new Error(window.error.message)
  bridge.queryItems.mockClear()
  bridge.openingWindow.mockImplementation(async () => window)
  const first = bootFirstScreen()
  stop = first.stop
  await first.answered
  await vi.waitFor(() => expect(useItems.getState().status).toBe('ready'))
  expect(bridge.openingWindow).toHaveBeenCalledTimes(1)
  // Only a refresh may follow (the answer came from the cache), never the same first window.
  expect(
    (bridge.calls.queryItems ?? []).filter((r) => !(r as { refresh?: boolean }).refresh)
  ).toEqual([])
  expect(useItems.getState().list?.total).toBe(window.data.data.total)
  expect(useItems.getState().list?.rows.slice(0, 3)).toEqual(window.data.data.rows.slice(0, 3))
})

it('asks for the first window itself when main answered none (the app was to open elsewhere)', async () => {
  const bridge = installFakeBridge({
    getSettings: async () => ({ ok: true, data: { theme: 'system', lastView: 'items' } })
  })
  const first = bootFirstScreen()
  stop = first.stop
  await first.answered
  await vi.waitFor(() => expect(useItems.getState().status).toBe('ready'))
  expect(bridge.openingWindow).toHaveBeenCalledTimes(1)
  expect(bridge.queryItems).toHaveBeenCalledWith(expect.objectContaining({ offset: 0, query: '' }))
})

it('is ready to draw once the list has its first window, not when only settings and connections are in', async () => {
  let answer!: (r: Awaited<ReturnType<FakeBridge['openingWindow']>>) => void
  const bridge = installFakeBridge({
    getSettings: async () => ({ ok: true, data: { theme: 'system', lastView: 'items' } })
  })
  const window = await bridge.queryItems({ ...FIRST_WINDOW })
  bridge.openingWindow.mockImplementation(() => new Promise((resolve) => (answer = resolve)))
  const first = bootFirstScreen()
  stop = first.stop
  let ready = false
  void first.ready.then(() => (ready = true))
  await first.answered
  await new Promise((r) => setTimeout(r, 20))
  expect(ready).toBe(false)
  expect(useItems.getState().status).toBe('loading')
  answer(window)
  await first.ready
  expect(useItems.getState().status).toBe('ready')
})

it('is ready without a list when the app opens elsewhere', async () => {
  installFakeBridge()
  const first = bootFirstScreen()
  stop = first.stop
  await first.ready
  expect(useItems.getState().status).toBe('idle')
})

describe("the opening view's code", () => {
  it('is asked for once main has said which view opens, and no other view is', async () => {
    let answer!: () => void
    const settingsHeld = new Promise<void>((resolve) => (answer = resolve))
    installFakeBridge({
      getSettings: async () => {
        await settingsHeld
        return { ok: true, data: { theme: 'system', lastView: 'items' } }
      }
    })
    const first = bootFirstScreen()
    stop = first.stop
    await new Promise((r) => setTimeout(r, 20))
    expect(loadViewCode).not.toHaveBeenCalled()
    answer()
    await first.ready
    expect(vi.mocked(loadViewCode).mock.calls).toEqual([['items']])
  })

  /** Boots on a bridge answering as given; which view codes were asked for by the time it is ready. */
  async function codesAskedFor(
    answers: Parameters<typeof installFakeBridge>[0]
  ): Promise<unknown[][]> {
    stop?.()
    resetStores()
    vi.mocked(loadViewCode).mockClear()
    installFakeBridge(answers)
    const first = bootFirstScreen()
    stop = first.stop
    await first.ready
    return vi.mocked(loadViewCode).mock.calls
  }

  it('is the last view the seller left, or Connect when there is no connection', async () => {
    expect(
      await codesAskedFor({
        getSettings: async () => ({ ok: true, data: { theme: 'system', lastView: 'history' } })
      })
    ).toEqual([['history']])
    expect(
      await codesAskedFor({
        listConnections: async () => ({
          ok: true,
          data: { connections: [], activeId: null, keychain: 'available' }
        })
      })
    ).toEqual([['connect']])
  })

  it('is none when main cannot be asked, and the first screen is still ready (its error)', async () => {
    expect(
      await codesAskedFor({
        listConnections: async () => ({ ok: false, error: { kind: 'internal', message: 'boom' } })
      })
    ).toEqual([])
  })
})

describe('ICU warm-up', () => {
  beforeEach(() => {
    installFakeBridge()
  })

  it('is left to the worker, not done on the page thread as well', async () => {
    stop = bootFirstScreen(new EventTarget() as Worker).stop
    await new Promise((r) => setTimeout(r, 20))
    expect(warmFormats).not.toHaveBeenCalled()
  })

  it('is done on the page thread when the worker fails to load', async () => {
    const worker = new EventTarget()
    stop = bootFirstScreen(worker as Worker).stop
    worker.dispatchEvent(new Event('error', { cancelable: true }))
    await vi.waitFor(() => expect(warmFormats).toHaveBeenCalledTimes(1))
  })

  it('is done on the page thread when there is no worker (refused, or none)', async () => {
    stop = bootFirstScreen(null).stop
    await vi.waitFor(() => expect(warmFormats).toHaveBeenCalledTimes(1))
  })
})
