import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createMainWindow, rendererDirFrom } from '../../../electron/main/glue/window'

// createMainWindow's options are the renderer's sandbox: checked one by one, so dropping
// any of them (sandbox: true, contextIsolation...) fails here, without the Electron binary.

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

const base = {
  preloadPath: '/opt/seller-desk/out/preload/index.js',
  rendererUrl: null,
  devTools: false
}

beforeEach(() => {
  fake.windows.length = 0
})

function created() {
  expect(fake.windows).toHaveLength(1)
  return fake.windows[0]!
}

describe('createMainWindow', () => {
  it('isolates and sandboxes the renderer, with only the preload bridge', () => {
    createMainWindow(base)
    const prefs = created().options.webPreferences
    expect(prefs).toEqual({
      preload: base.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: false,
      spellcheck: false
    })
    // Nothing that would loosen it, under any name.
    for (const loose of [
      'nodeIntegrationInSubFrames',
      'enableBlinkFeatures',
      'additionalArguments'
    ]) {
      expect(prefs).not.toHaveProperty(loose)
    }
  })

  it('turns developer tools on only when asked (dev builds)', () => {
    createMainWindow({ ...base, devTools: true })
    expect(created().options.webPreferences['devTools']).toBe(true)
  })

  it('loads the built page from app://, or the dev server when given, and shows once ready', () => {
    const win = createMainWindow(base) as unknown as (typeof fake.windows)[number]
    expect(win.loaded).toEqual({ url: 'app://seller-desk/index.html' })
    expect(win.options).toMatchObject({ show: false, title: 'Seller Desk' })
    expect(win.shown).toBe(false)
    win.emit('ready-to-show')
    expect(win.shown).toBe(true)

    fake.windows.length = 0
    createMainWindow({ ...base, rendererUrl: 'http://localhost:5173' })
    expect(created().loaded).toEqual({ url: 'http://localhost:5173' })
  })

  it('finds the built renderer next to the built main', () => {
    expect(rendererDirFrom(join('/opt/app/out/main'))).toBe(join('/opt/app/out/renderer'))
  })
})
