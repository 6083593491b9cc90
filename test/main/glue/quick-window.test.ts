import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createQuickWindow,
  QUICK_SIZE,
  showQuickWindowNearPointer
} from '../../../electron/main/glue/quick-window'
import { createMainWindow } from '../../../electron/main/glue/window'
import { APP_PAGE_URL, appUrlCheck } from '../../../electron/main/glue/app-url'
import { senderCheck } from '../../../electron/main/glue/security'
import { type FakeBrowserWindow, resetElectronFake } from './fakes'

// The lookup window's sandbox and placement, through the faked 'electron' module (fakes.ts).

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

const windowOptions = {
  preloadPath: '/opt/seller-desk/out/preload/index.js',
  rendererUrl: null,
  devTools: false
}

beforeEach(() => resetElectronFake(fake))

describe('lookup window', () => {
  it('has exactly the main window’s webPreferences, and loads the quick route of the same page', () => {
    createMainWindow(windowOptions)
    createQuickWindow(windowOptions)
    const [main, quick] = fake.windows as [FakeBrowserWindow, FakeBrowserWindow]
    expect(quick.options.webPreferences).toEqual(main.options.webPreferences)
    expect(quick.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      preload: windowOptions.preloadPath
    })
    expect(quick.loaded).toEqual({ url: `${APP_PAGE_URL}?view=quick` })
    expect(quick.options).toMatchObject({
      frame: false,
      alwaysOnTop: true,
      skipTaskbar: true,
      show: false
    })
  })

  it('passes the same sender check as the main window, and only from its top frame', () => {
    const check = senderCheck(appUrlCheck({ devUrl: null }))
    const quickUrl = `${APP_PAGE_URL}?view=quick`
    expect(check({ senderFrame: { parent: null, url: quickUrl } } as never)).toBe(true)
    expect(check({ senderFrame: { parent: {}, url: quickUrl } } as never)).toBe(false)
    expect(
      check({ senderFrame: { parent: null, url: 'https://evil.example/?view=quick' } } as never)
    ).toBe(false)
  })

  it('loads the dev server with the same route', () => {
    const quick = createQuickWindow({ ...windowOptions, rendererUrl: 'http://localhost:5173/' })
    expect((quick as unknown as FakeBrowserWindow).loaded).toEqual({
      url: 'http://localhost:5173/?view=quick'
    })
  })

  it('opens by the pointer, inside the work area, focused; hides when it loses focus', () => {
    const win = createQuickWindow(windowOptions) as unknown as FakeBrowserWindow
    fake.screen.pointer = { x: 1900, y: 100 }
    showQuickWindowNearPointer(win as never)
    expect(win.position).toEqual([1900 - 12 - QUICK_SIZE.width, 112])
    expect(win.shown && win.focused).toBe(true)
    // Pressed again while open: hidden and shown, so the page sees it and asks again.
    showQuickWindowNearPointer(win as never)
    expect(win.steps.slice(-3)).toEqual(['hide', 'show', 'focus'])
    win.emit('blur')
    expect(win.shown).toBe(false)
  })
})
