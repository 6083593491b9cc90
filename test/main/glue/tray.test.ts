import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createTray, trayIconPath } from '../../../electron/main/glue/tray'
import { createMainWindow, hideOnClose } from '../../../electron/main/glue/window'
import type { TrayAction } from '../../../electron/main/quick/tray-menu'
import type { Handlers } from '../../../electron/main/ipc/dispatch'
import { AppFailure } from '../../../electron/main/ipc/failure'
import { withStatusTracking } from '../../../electron/main/status/status-tracker'
import type { HistoryEntry } from '../../../shared/ipc/contract'
import { FakeTray, fakeEvent, type FakeBrowserWindow, resetElectronFake } from './fakes'

// The tray and its menu, through the faked 'electron' module (fakes.ts).

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

const CODE = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const windowOptions = {
  preloadPath: '/opt/seller-desk/out/preload/index.js',
  rendererUrl: null,
  devTools: false
}

beforeEach(() => resetElectronFake(fake))

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
      'Valid · support active · Flat Icons Pack · 4f1c2a9e…9b0c'
    ])

    for (const item of icon.menu) item.click?.()
    expect(acts).toEqual([
      { kind: 'check-clipboard' },
      ...recent.slice(0, 5).map((e) => ({ kind: 'show-code', code: e.code })),
      { kind: 'open' },
      { kind: 'quit' }
    ])
  })

  it('says the connection status the page says, from the answers of every window', async () => {
    const tray = createTray({ iconPath: '/opt/x/tray.png', act: vi.fn() })!
    const icon = FakeTray.created[0]!
    let market: 'down' | 'refusing' | 'up' = 'down'
    const handlers = {
      getAccount: async () => {
        if (market === 'down') throw new AppFailure('offline', "Can't reach 127.0.0.1:9.")
        return {
          data: {},
          freshness: { fetchedAt: '', source: 'network', offline: false, refreshError: null }
        }
      },
      validatePurchase: async () => {
        throw new AppFailure('unauthorized', 'Not checked: the marketplace refused the API key.')
      },
      setActiveConnection: async () => ({ connections: [], activeId: null, keychain: 'available' })
    } as unknown as Handlers
    const at = new Date(2026, 10, 27, 14, 2)
    const tracked = withStatusTracking(handlers, () => at)
    tracked.tracker.onChange(() => tray.setStatus(tracked.tracker.current()))
    const first = (): string | undefined => icon.menu[0]?.label

    await expect(tracked.handlers.getAccount({ refresh: true })).rejects.toThrow()
    expect(first()).toBe('Offline since 14:02')
    expect(icon.menu[0]?.enabled).toBe(false)
    expect(icon.tooltip).toBe('Seller Desk · Offline since 14:02')
    // The menu keeps its verdicts when the status changes.
    tray.update([entry({})], null)
    expect(icon.menu[1]?.label).toBe('Check clipboard')

    market = 'refusing'
    await expect(tracked.handlers.validatePurchase({ code: CODE })).rejects.toThrow()
    expect(first()).toBe('Key refused: replace it in Settings')

    market = 'up'
    await tracked.handlers.getAccount({ refresh: true })
    expect(first()).toBe('Online')
    await tracked.handlers.setActiveConnection({ id: 'other' })
    expect(first()).toBe('Check clipboard')
    expect(icon.tooltip).toBe('Seller Desk')
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
