import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMainWindow } from '../../../electron/main/glue/window'
import { openWindowState } from '../../../electron/main/glue/window-placement'
import { WINDOW_STATE_FILE } from '../../../electron/main/window-placement/window-state-file'
import type { FakeBrowserWindow, FakeDisplay } from './fakes'

// Window state through the fake 'electron' module: the fake screen is the attached
// displays, the fake window is moved by the test, and the state is a real file.

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

const laptop: FakeDisplay = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1440, height: 900 },
  workArea: { x: 0, y: 25, width: 1440, height: 875 }
}
const monitor: FakeDisplay = {
  id: 2,
  bounds: { x: 1440, y: 0, width: 2560, height: 1440 },
  workArea: { x: 1440, y: 0, width: 2560, height: 1400 }
}
const CENTRED_ON_LAPTOP = { x: 80, y: 63, width: 1280, height: 800 }

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sd-glue-window-state-'))
  fake.windows.length = 0
  fake.screen.displays = [laptop, monitor]
})
afterEach(async () => {
  vi.useRealTimers()
  await rm(dir, { recursive: true, force: true })
})

const base = {
  preloadPath: '/opt/seller-desk/out/preload/index.js',
  rendererUrl: null,
  devTools: false
}

/** Opens the main window the way index.ts does. */
async function launch(): Promise<FakeBrowserWindow> {
  const keeper = await openWindowState(dir, { settleMs: 50 })
  keeper.track(createMainWindow({ ...base, placement: keeper.placement() }))
  return fake.windows.at(-1)!
}

/** Closes the window the way Electron does and waits for the save to land. */
async function close(win: FakeBrowserWindow): Promise<void> {
  win.emit('close', { preventDefault: () => undefined })
  await vi.waitFor(async () => {
    const saved = JSON.parse(await readFile(join(dir, WINDOW_STATE_FILE), 'utf8'))
    expect(saved.placements[0].bounds).toEqual(win.normalBounds)
  })
}

describe('window state', () => {
  it('opens a first window at the default size, centred on the primary display', async () => {
    const win = await launch()
    expect(win.options).toMatchObject(CENTRED_ON_LAPTOP)
    win.emit('ready-to-show')
    expect(win.maximized).toBe(false)
    expect(win.shown).toBe(true)
  })

  it('reopens where it was closed, maximised again before it shows', async () => {
    const first = await launch()
    first.normalBounds = { x: 1600, y: 100, width: 1800, height: 1100 }
    first.maximized = true
    await close(first)

    const second = await launch()
    expect(second.options).toMatchObject({ x: 1600, y: 100, width: 1800, height: 1100 })
    expect(second.maximized).toBe(false)
    const order: string[] = []
    const show = second.show.bind(second)
    second.maximize = () => {
      order.push('maximize')
      second.maximized = true
    }
    second.show = () => {
      order.push('show')
      show()
    }
    second.emit('ready-to-show')
    expect(order).toEqual(['maximize', 'show'])
  })

  it('restores nothing on a display that is no longer attached, but what it had on one that is', async () => {
    const first = await launch()
    first.normalBounds = { x: 40, y: 60, width: 1000, height: 700 }
    await close(first)
    const second = await launch()
    second.normalBounds = { x: 1600, y: 100, width: 1800, height: 1100 }
    await close(second)

    // The monitor is unplugged: the laptop's own placement comes back.
    fake.screen.displays = [laptop]
    const third = await launch()
    expect(third.options).toMatchObject({ x: 40, y: 60, width: 1000, height: 700 })

    // The laptop's screen is swapped for another one at the same place: not the same display.
    const other = { ...laptop, id: 9 }
    fake.screen.displays = [other]
    const swapped = await launch()
    expect(swapped.options).toMatchObject(CENTRED_ON_LAPTOP)

    // Only the monitor was ever used, and it is gone: the default place.
    await rm(join(dir, WINDOW_STATE_FILE))
    fake.screen.displays = [laptop, monitor]
    const fourth = await launch()
    fourth.normalBounds = { x: 1600, y: 100, width: 1800, height: 1100 }
    await close(fourth)
    fake.screen.displays = [laptop]
    const fifth = await launch()
    expect(fifth.options).toMatchObject(CENTRED_ON_LAPTOP)
  })

  it('saves a move once it settles, and (un)maximising at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const win = await launch()
    const file = join(dir, WINDOW_STATE_FILE)
    const saved = async () => JSON.parse(await readFile(file, 'utf8')).placements[0]
    for (const x of [100, 200, 300]) {
      win.normalBounds = { x, y: 50, width: 1000, height: 700 }
      win.emit('move')
    }
    await expect(readFile(file)).rejects.toThrow()
    vi.advanceTimersByTime(60)
    await vi.waitFor(async () => expect((await saved()).bounds.x).toBe(300))

    win.maximized = true
    win.emit('maximize')
    await vi.waitFor(async () => expect((await saved()).maximized).toBe(true))
  })
})
