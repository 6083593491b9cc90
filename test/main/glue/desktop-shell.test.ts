import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp, type SellerDeskApp } from '../../../electron/main/app'
import { createDesktopShell } from '../../../electron/main/glue/desktop-shell'
import { openWindowState } from '../../../electron/main/glue/window-placement'
import { createLookupSlots } from '../../../electron/main/quick/lookup-slots'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'
import { FakeTray, fakeEvent, resetElectronFake, type FakeMenuItem } from './fakes'

// The desktop around the app (windows, tray, quitting), through the faked 'electron'
// module, with the real app behind it on a temporary data folder.

const fake = await vi.hoisted(async () => (await import('./fakes')).createDesktopElectronFake())
vi.mock('electron', () => fake.electron.module)

const windowOptions = {
  preloadPath: '/opt/sd/out/preload/index.js',
  rendererUrl: null,
  devTools: false
}
let dir = ''
let sellerDesk: SellerDeskApp | null = null

beforeEach(async () => {
  resetElectronFake(fake.electron)
  fake.electron.app.listeners.clear()
  fake.state.quits = 0
  dir = await mkdtemp(join(tmpdir(), 'seller-desk-shell-'))
})
afterEach(async () => {
  await sellerDesk?.close()
  sellerDesk = null
  // A window closing saves its placement in the background: retry while that file lands.
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
})

async function started(platform: NodeJS.Platform = 'linux') {
  const shell = createDesktopShell({
    windowOptions,
    lookupSlots: createLookupSlots(),
    mainDir: '/opt/sd/out/main',
    platform,
    env: {}
  })
  // Before the app runs, a deep link or a second launch shows nothing and breaks nothing.
  shell.showMain()
  expect(fake.electron.windows).toHaveLength(0)
  sellerDesk = await createApp({
    dataDir: dir,
    transport: 'electron',
    appInfo: { name: 'Seller Desk', version: '0.1.0', platform },
    secretStore: createMemorySecretStore(),
    desktop: shell.desktop
  })
  const made: unknown[] = []
  shell.attach(sellerDesk, await openWindowState(dir, { settleMs: 10 }), (w) => made.push(w))
  return { shell, made }
}

const labels = (items: FakeMenuItem[]): string[] => items.map((i) => i.label ?? i.type ?? '')

describe('the desktop shell', () => {
  it('opens the main window and the tray once attached, and shows the window on request', async () => {
    const { shell, made } = await started()
    expect(fake.electron.windows).toHaveLength(1)
    expect(made).toEqual([fake.electron.windows[0]])
    expect(FakeTray.created).toHaveLength(1)
    expect(shell.desktop.trayAvailable()).toBe(true)
    const win = fake.electron.windows[0]!
    shell.showMain()
    expect(win.shown).toBe(true)
    expect(win.focused).toBe(true)
    expect(shell.mainWindow()).toBe(win)
  })

  it('hides to the tray on close when asked, and closes for real once quitting', async () => {
    const { shell } = await started()
    const win = fake.electron.windows[0]!
    shell.desktop.setKeepInTray(true)
    const close = fakeEvent()
    win.emit('close', close)
    expect(close.prevented).toBe(true)
    fake.electron.app.emit('before-quit')
    const again = fakeEvent()
    win.emit('close', again)
    expect(again.prevented).toBe(false)
  })

  it('makes the window again when it was closed, and on activate shows a hidden one', async () => {
    const { shell } = await started('darwin')
    const first = fake.electron.windows[0]!
    first.destroyed = true
    shell.showMain()
    expect(fake.electron.windows).toHaveLength(2)
    const second = fake.electron.windows[1]!
    second.hide()
    fake.electron.app.emit('activate')
    expect(second.shown).toBe(true)
  })

  it('quits from the tray, and when the last window closes except on macOS', async () => {
    await started('linux')
    const tray = FakeTray.created[0]!
    tray.menu.find((i) => i.label === 'Quit Seller Desk')!.click!()
    expect(fake.state.quits).toBe(1)
    fake.electron.app.emit('window-all-closed')
    expect(fake.state.quits).toBe(2)
  })

  it('puts an update banner at the top of the tray menu and takes it away', async () => {
    const { shell } = await started()
    const tray = FakeTray.created[0]!
    const clicks: string[] = []
    shell.setTrayBanner({ label: 'Restart to update to v1.2.3', click: () => clicks.push('x') })
    expect(labels(tray.menu).slice(0, 3)).toEqual([
      'Restart to update to v1.2.3',
      'separator',
      'Check clipboard'
    ])
    tray.menu[0]!.click!()
    expect(clicks).toEqual(['x'])
    // The recent checks, refreshed later, keep the banner above them.
    shell.refreshTray()
    await vi.waitFor(() => expect(labels(tray.menu)).toContain('No checks yet'))
    expect(labels(tray.menu)[0]).toBe('Restart to update to v1.2.3')
    shell.setTrayBanner(null)
    expect(labels(tray.menu)[0]).toBe('Check clipboard')
  })
})
