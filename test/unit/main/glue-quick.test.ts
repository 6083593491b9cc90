import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { clipboardCode } from '../../../electron/main/glue/clipboard'
import {
  handleDeepLink,
  handleDeepLinkArgv,
  receiveDeepLinks,
  registerDeepLinks
} from '../../../electron/main/glue/deep-link'
import {
  createQuickWindow,
  QUICK_SIZE,
  showQuickWindowNearPointer
} from '../../../electron/main/glue/quick-window'
import { createGlobalShortcut, isWaylandSession } from '../../../electron/main/glue/shortcut'
import { createTray, trayIconPath } from '../../../electron/main/glue/tray'
import { createMainWindow, hideOnClose } from '../../../electron/main/glue/window'
import { APP_PAGE_URL, appUrlCheck } from '../../../electron/main/glue/app-url'
import { senderCheck } from '../../../electron/main/glue/security'
import type { TrayAction } from '../../../electron/main/quick/tray-menu'
import type { HistoryEntry } from '../../../shared/ipc/contract'
import { FakeTray, fakeEvent, type FakeBrowserWindow } from './glue-fakes'

// Quick lookup's Electron glue driven through the faked 'electron' module: the shortcut as
// the OS accepts or refuses it, the clipboard, the lookup window's sandbox and placement,
// the tray menu, and sellerdesk:// links on all three paths.

const fake = await vi.hoisted(async () => (await import('./glue-fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

const CODE = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const windowOptions = {
  preloadPath: '/opt/seller-desk/out/preload/index.js',
  rendererUrl: null,
  devTools: false
}

beforeEach(() => {
  fake.windows.length = 0
  FakeTray.created.length = 0
  FakeTray.refuse = false
  fake.globalShortcut.taken.clear()
  fake.globalShortcut.unregisterAll()
})

describe('global shortcut', () => {
  it('registers the combination, and a press runs the lookup', () => {
    const onPress = vi.fn()
    const shortcut = createGlobalShortcut({ onPress, platform: 'linux', wayland: false })
    expect(shortcut.apply('CommandOrControl+Alt+V')).toEqual({ state: 'on', message: null })
    fake.globalShortcut.press('CommandOrControl+Alt+V')
    expect(onPress).toHaveBeenCalledTimes(1)
  })

  it('says which combination another app holds, in the words of this system', () => {
    fake.globalShortcut.taken.add('CommandOrControl+Alt+V')
    const mac = createGlobalShortcut({ onPress: vi.fn(), platform: 'darwin', wayland: false })
    expect(mac.apply('CommandOrControl+Alt+V')).toEqual({
      state: 'refused',
      message: 'Cmd+Option+V is used by another app; choose another.'
    })
    const wayland = createGlobalShortcut({ onPress: vi.fn(), platform: 'linux', wayland: true })
    expect(wayland.apply('CommandOrControl+Alt+V').message).toContain('Wayland')
    expect(fake.globalShortcut.registered.size).toBe(0)
  })

  it('releases the old combination when changed or turned off', () => {
    const shortcut = createGlobalShortcut({ onPress: vi.fn(), platform: 'linux', wayland: false })
    shortcut.apply('CommandOrControl+Alt+V')
    shortcut.apply('Control+Shift+L')
    expect([...fake.globalShortcut.registered.keys()]).toEqual(['Control+Shift+L'])
    expect(shortcut.apply(null)).toEqual({ state: 'off', message: null })
    expect(fake.globalShortcut.registered.size).toBe(0)
  })

  it('turns a combination Electron cannot parse into a refusal, not a crash', () => {
    const shortcut = createGlobalShortcut({ onPress: vi.fn(), platform: 'win32', wayland: false })
    expect(shortcut.apply('Control+Alt+€')).toMatchObject({ state: 'refused' })
  })

  it('knows a Wayland session', () => {
    expect(isWaylandSession({ XDG_SESSION_TYPE: 'wayland' })).toBe(true)
    expect(isWaylandSession({ XDG_SESSION_TYPE: 'x11' })).toBe(false)
  })
})

describe('clipboard', () => {
  it('takes the code out of a copied support mail', async () => {
    fake.clipboard.text = `Hi,\nmy purchase code is ${CODE.toUpperCase()}.\nThanks, Ana`
    expect(await clipboardCode()).toBe(CODE)
  })
  it('answers null for text with no code and for a clipboard it cannot read', async () => {
    fake.clipboard.text = 'Thanks for the quick answer!'
    expect(await clipboardCode()).toBeNull()
    fake.clipboard.text = CODE
    fake.clipboard.fails = true
    expect(await clipboardCode()).toBeNull()
    fake.clipboard.fails = false
  })
})

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

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  code: CODE,
  valid: true,
  checkedAt: '2026-11-20T10:00:00Z',
  message: null,
  license: 'Regular License',
  itemId: 1,
  itemName: 'Flat Icons Pack',
  supportedUntil: null,
  price: 10,
  currency: 'USD',
  downloaded: true,
  flag: null,
  ...over
})

describe('keep running in the tray', () => {
  it('hides the main window on close while asked to, and lets a real quit close it', () => {
    const win = createMainWindow(windowOptions) as unknown as FakeBrowserWindow
    let keep = true
    hideOnClose(win as never, () => keep)
    win.shown = true
    const kept = fakeEvent()
    win.emit('close', kept)
    expect(kept.prevented).toBe(true)
    expect(win.shown).toBe(false)
    keep = false
    const quit = fakeEvent()
    win.emit('close', quit)
    expect(quit.prevented).toBe(false)
  })
})

describe('tray', () => {
  it('offers Check clipboard, the last five verdicts, Open and Quit, each doing its job', () => {
    const acts: TrayAction[] = []
    const tray = createTray({ iconPath: '/opt/x/tray.png', act: (a) => acts.push(a) })
    expect(tray).not.toBeNull()
    const icon = FakeTray.created[0]!
    expect(icon.tooltip).toBe('Seller Desk')
    expect(icon.menu.map((i) => i.label ?? i.type)).toEqual([
      'Check clipboard',
      'separator',
      'Recent checks',
      'No checks yet',
      'separator',
      'Open Seller Desk',
      'Quit Seller Desk'
    ])

    // Support long ended, far ahead, none: the tray judges it at "now" like every screen.
    const support = ['2020-01-01T00:00:00Z', '2999-01-01T00:00:00Z', null]
    const recent = Array.from({ length: 7 }, (_, i) =>
      entry({
        code: `${i}f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c`,
        valid: i !== 1,
        supportedUntil: support[i % 3] ?? null
      })
    )
    tray!.update(recent, 'Ctrl+Alt+V')
    const labels = icon.menu.map((i) => i.label ?? i.type ?? '')
    expect(labels[0]).toBe('Check clipboard (Ctrl+Alt+V)')
    // The one verdict model's words (shared/verdict.ts), as History and Validate write them.
    expect(labels.slice(3, 8)).toEqual([
      'Valid · support expired · Flat Icons Pack · 0f1c2a9e…9b0c',
      'Not valid · Flat Icons Pack · 1f1c2a9e…9b0c',
      'Valid · no support · Flat Icons Pack · 2f1c2a9e…9b0c',
      'Valid · support expired · Flat Icons Pack · 3f1c2a9e…9b0c',
      'Valid · Flat Icons Pack · 4f1c2a9e…9b0c'
    ])

    for (const item of icon.menu) item.click?.()
    expect(acts).toEqual([
      { kind: 'check-clipboard' },
      ...recent.slice(0, 5).map((e) => ({ kind: 'show-code', code: e.code })),
      { kind: 'open' },
      { kind: 'quit' }
    ])
  })

  it('is simply absent where the desktop has no tray', () => {
    FakeTray.refuse = true
    expect(createTray({ iconPath: '/x.png', act: vi.fn() })).toBeNull()
  })

  it('uses the 32 px icon on Linux and the 16 px one (with @2x) elsewhere', () => {
    expect(trayIconPath('/o/main', 'linux')).toBe(join('/o/main', 'tray', 'tray-32.png'))
    expect(trayIconPath('/o/main', 'darwin')).toBe(join('/o/main', 'tray', 'tray.png'))
  })
})

describe('deep links', () => {
  const delivered: string[] = []
  const warnings: string[] = []
  receiveDeepLinks({ deliver: (c) => delivered.push(c), log: { warn: (m) => warnings.push(m) } })
  beforeEach(() => {
    delivered.length = 0
    warnings.length = 0
  })

  it('registers the scheme (with the app path under `electron .`) and handles macOS open-url', () => {
    registerDeepLinks({ defaultApp: false, argv: ['/opt/Seller Desk/seller-desk'] })
    expect(fake.protocolClients.at(-1)).toEqual(['sellerdesk'])
    registerDeepLinks({ defaultApp: true, argv: ['/usr/bin/electron', 'out/main/index.js'] })
    expect(fake.protocolClients.at(-1)).toEqual([
      'sellerdesk',
      process.execPath,
      [join(process.cwd(), 'out/main/index.js')]
    ])
    const event = fakeEvent()
    fake.app.emit('open-url', event, `sellerdesk://check?code=${CODE}`)
    expect(event.prevented).toBe(true)
    expect(delivered).toContain(CODE)
  })

  it('takes the code from a first launch’s or a second instance’s argv', () => {
    expect(
      handleDeepLinkArgv(['/opt/sd/seller-desk', '--flag', `sellerdesk://check/?code=${CODE}`])
    ).toBe(true)
    expect(delivered).toEqual([CODE])
    expect(handleDeepLinkArgv(['/opt/sd/seller-desk'])).toBe(false)
    expect(warnings).toEqual([])
  })

  it('ignores anything but a lone code, with a log line that does not repeat the link', () => {
    expect(handleDeepLink(`sellerdesk://check?code=${CODE}&then=delete`)).toBe(false)
    expect(handleDeepLinkArgv(['x', 'sellerdesk://settings?key=abc'])).toBe(false)
    expect(delivered).toEqual([])
    expect(warnings).toHaveLength(2)
    expect(warnings.join('\n')).not.toContain(CODE)
    expect(warnings.join('\n')).not.toContain('abc')
  })
})
