import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startDesktopApp, trayUpdateLabel } from '../../../electron/main/glue/desktop-app'
import { createDesktopShell } from '../../../electron/main/glue/desktop-shell'
import { createLookupSlots } from '../../../electron/main/quick/lookup-slots'
import { lockDataFolder } from '../../../electron/main/storage/folder-lock'
import { channels } from '../../../shared/ipc/channels'
import { clipboardWrites, fakeEvent, resetElectronFake, type FakeMenuItem } from './fakes'

// What runs once Electron is ready, through the faked 'electron' module, with the real app
// on a temporary data folder: the log, IPC, the menu, the window's crash watch and quitting.

const fake = await vi.hoisted(async () => (await import('./fakes')).createDesktopElectronFake())
vi.mock('electron', () => fake.electron.module)

let dir = ''
const cleanups: (() => Promise<unknown>)[] = []
beforeEach(async () => {
  resetElectronFake(fake.electron)
  fake.electron.app.listeners.clear()
  fake.electron.protocolHandlers.clear()
  fake.electron.ipcHandlers.clear()
  fake.state.quits = 0
  dir = await mkdtemp(join(tmpdir(), 'seller-desk-desktop-'))
})
afterEach(async () => {
  for (const step of cleanups.reverse()) await step()
  cleanups.length = 0
  // A window closing saves its placement in the background: retry while that file lands.
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
})

async function start(): Promise<void> {
  const lookupSlots = createLookupSlots()
  const shell = createDesktopShell({
    windowOptions: { preloadPath: '/p.js', rendererUrl: null, devTools: false },
    lookupSlots,
    mainDir: join(dir, 'out-main'),
    platform: 'linux',
    env: {}
  })
  await startDesktopApp({
    dataDir: dir,
    mainDir: join(dir, 'out-main'),
    isPackaged: false,
    isAppUrl: () => true,
    openExternal: async () => undefined,
    lookupSlots,
    shell
  })
  cleanups.push(async () => quit())
}

/** Quits as Electron does: will-quit, which the app defers until its stores are closed. */
async function quit(): Promise<boolean> {
  if (!fake.electron.app.listeners.has('will-quit')) return false
  const event = fakeEvent()
  const before = fake.state.quits
  fake.electron.app.emit('will-quit', event)
  fake.electron.app.listeners.delete('will-quit')
  await vi.waitFor(() => expect(fake.state.quits).toBe(before + 1))
  return event.prevented
}

const help = (): FakeMenuItem[] => {
  const menu = fake.electron.applicationMenu!.template as {
    role?: string
    submenu?: FakeMenuItem[]
  }[]
  return menu.find((m) => m.role === 'help')!.submenu!
}

describe('starting the desktop app', () => {
  it('starts the log in the data folder, serves IPC and the protocols, opens the window', async () => {
    await start()
    const log = await readFile(join(dir, 'logs', 'main.log'), 'utf8')
    expect(log).toMatch(/ info Seller Desk 0\.1\.0 starting/)
    expect(fake.electron.ipcHandlers.has(channels.getAppInfo)).toBe(true)
    expect([...fake.electron.protocolHandlers.keys()].sort()).toEqual(['app', 'sd-media'])
    expect(fake.electron.windows).toHaveLength(1)
  })

  it('copies diagnostics from Help, with no update menu in a build that does not update', async () => {
    await start()
    const page = { senderFrame: { url: 'app://seller-desk/', parent: null } }
    expect(await fake.electron.ipcHandlers.get(channels.getUpdateState)!(page, undefined)).toEqual({
      ok: true,
      data: { available: false, state: { kind: 'idle' }, bulkRunning: false }
    })
    const labels = help().map((i) => i.label ?? i.type)
    expect(labels).toContain('Copy Diagnostics')
    expect(labels).not.toContain('Check for Updates…')
    clipboardWrites.length = 0
    help().find((i) => i.label === 'Copy Diagnostics')!.click!()
    await vi.waitFor(() => expect(clipboardWrites).toHaveLength(1))
    expect(clipboardWrites[0]).toContain('Seller Desk 0.1.0\n')
    expect(clipboardWrites[0]).toContain(`Data folder: ${dir}\n`)
    expect(clipboardWrites[0]).toMatch(/ {2}logs: \d/)
  })

  it('reloads a window whose page crashed, with one line in the log and once in the window', async () => {
    await start()
    const win = fake.electron.windows[0]!
    const page = { senderFrame: { url: 'app://seller-desk/', parent: null } }
    const takeNotice = () =>
      fake.electron.ipcHandlers.get(channels.takeCrashNotice)!(page, undefined)
    expect(await takeNotice()).toEqual({ ok: true, data: { line: null } })
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 })
    expect(win.reloads).toBe(1)
    // The reloaded page asks as it starts, and only the first time hears of it.
    expect(await takeNotice()).toEqual({
      ok: true,
      data: {
        line: "Seller Desk's window stopped unexpectedly and was reloaded; nothing was lost."
      }
    })
    expect(await takeNotice()).toEqual({ ok: true, data: { line: null } })
    win.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 })
    expect(win.reloads).toBe(1)
    const log = await readFile(join(dir, 'logs', 'main.log'), 'utf8')
    expect(log).toContain(
      'warn The Seller Desk window crashed and was reloaded; nothing saved was lost. (crashed, exit code 139)'
    )
  })

  it('on quit, closes the app and releases the data folder before the process ends', async () => {
    await start()
    expect(await quit()).toBe(true)
    // The folder is free again: another Seller Desk (or the browser host) can take it.
    const lock = await lockDataFolder(dir, { kind: 'browser', address: null })
    await lock.release()
  })

  it('names the update in the tray only once it is ready', () => {
    expect(trayUpdateLabel({ kind: 'ready', version: '1.2.3', notesUrl: 'x' })).toBe(
      'Restart to update to v1.2.3'
    )
    expect(trayUpdateLabel({ kind: 'checking' })).toBeNull()
  })
})
