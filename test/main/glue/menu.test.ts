import type { MenuItemConstructorOptions } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { HOMEPAGE } from '../../../electron/main/homepage'
import { installAppMenu } from '../../../electron/main/glue/menu'
import { FakeBrowserWindow } from './fakes'
import config from '../../../electron-builder.config'

// The native application menu through the fake 'electron' module: what installAppMenu
// hands Menu.setApplicationMenu, and what clicking its items does to a window's page.

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

type Item = MenuItemConstructorOptions
const opened: string[] = []
const openExternal = async (url: string): Promise<void> => {
  opened.push(url)
}

beforeEach(() => {
  opened.length = 0
  fake.applicationMenu = null
})

function install(
  platform: NodeJS.Platform,
  extra: Partial<Parameters<typeof installAppMenu>[0]> = {}
): Item[] {
  installAppMenu({ openExternal, devTools: false, platform, ...extra })
  if (!fake.applicationMenu) throw new Error('no application menu was set')
  return fake.applicationMenu.template as Item[]
}

const submenuOf = (item: Item | undefined): Item[] => (item?.submenu ?? []) as Item[]
const viewMenu = (menu: Item[]) => submenuOf(menu.find((m) => m.label === 'View'))
const helpMenu = (menu: Item[]) => submenuOf(menu.find((m) => m.role === 'help'))
const byLabel = (items: Item[], label: string): Item => {
  const found = items.find((i) => i.label === label)
  if (!found) throw new Error(`no menu item '${label}'`)
  return found
}
/** Every role anywhere in the menu. */
const rolesIn = (items: Item[]): string[] =>
  items.flatMap((i) => [...(i.role ? [i.role] : []), ...rolesIn(submenuOf(i))])

function click(
  item: Item,
  window: unknown,
  event: { triggeredByAccelerator?: boolean } = {}
): void {
  if (!item.click) throw new Error(`'${item.label}' does nothing when clicked`)
  ;(item.click as (m: unknown, w: unknown, e: unknown) => void)(item, window, event)
}

describe('the application menu', () => {
  it('on Windows and Linux: File, Edit, View, Window and Help, with the standard roles', () => {
    const menu = install('linux')
    expect(menu.map((m) => m.role ?? m.label)).toEqual([
      'fileMenu',
      'editMenu',
      'View',
      'windowMenu',
      'help'
    ])
    expect(helpMenu(menu).map((i) => i.role ?? i.label ?? i.type)).toEqual([
      'Keyboard Shortcuts',
      'separator',
      'Seller Desk Website',
      'separator',
      'about'
    ])
  })

  it('on macOS: the app menu first, and the Edit roles that make copy and paste work', () => {
    const menu = install('darwin')
    expect(menu.map((m) => m.role ?? m.label)).toEqual([
      'appMenu',
      'fileMenu',
      'editMenu',
      'View',
      'windowMenu',
      'help'
    ])
    // About lives in the app menu there.
    expect(helpMenu(menu).map((i) => i.role ?? i.label ?? i.type)).toEqual([
      'Keyboard Shortcuts',
      'separator',
      'Seller Desk Website'
    ])
  })

  it("shows the app's own shortcuts, without taking the keys from the page", () => {
    const items = viewMenu(install('linux')).filter((i) => i.accelerator)
    expect(items.map((i) => [i.label, i.accelerator])).toEqual([
      ['Account', 'CmdOrCtrl+1'],
      ['Items', 'CmdOrCtrl+2'],
      ['Validate', 'CmdOrCtrl+3'],
      ['History', 'CmdOrCtrl+4'],
      ['Settings', 'CmdOrCtrl+5'],
      ['Check a Code', 'CmdOrCtrl+K'],
      ['Refresh', 'CmdOrCtrl+R']
    ])
    for (const item of items) expect(item.registerAccelerator, item.label).toBe(false)
  })

  it('has no reload (Ctrl/Cmd+R is Refresh), and developer tools only when asked', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const roles = rolesIn(install(platform))
      for (const role of ['reload', 'forceReload', 'toggleDevTools'])
        expect(roles).not.toContain(role)
    }
    expect(rolesIn(install('linux', { devTools: true }))).toContain('toggleDevTools')
    expect(rolesIn(install('linux'))).toEqual(
      expect.arrayContaining(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen'])
    )
  })
})

const newWindow = () =>
  new FakeBrowserWindow({ webPreferences: {} }) as FakeBrowserWindow & { destroyed: boolean }

describe('clicking a shortcut item', () => {
  it.each([
    ['linux', 'control'],
    ['win32', 'control'],
    ['darwin', 'meta']
  ] as const)('on %s sends the page the key press with %s', (platform, modifier) => {
    const view = viewMenu(install(platform))
    const win = newWindow()
    click(byLabel(view, 'Items'), win)
    click(byLabel(view, 'Check a Code'), win)
    click(byLabel(view, 'Refresh'), win)
    expect(win.focused).toBe(true)
    expect(win.webContents.inputEvents).toEqual(
      ['2', 'k', 'r'].flatMap((keyCode) => [
        { type: 'keyDown', keyCode, modifiers: [modifier] },
        { type: 'keyUp', keyCode, modifiers: [modifier] }
      ])
    )
  })

  it('sends nothing when the accelerator triggered it: the page already had that key', () => {
    const win = newWindow()
    click(byLabel(viewMenu(install('darwin')), 'Settings'), win, { triggeredByAccelerator: true })
    expect(win.webContents.inputEvents).toEqual([])
  })

  it('does nothing without a window, or with one already closed', () => {
    const view = viewMenu(install('linux'))
    expect(() => click(byLabel(view, 'Account'), undefined)).not.toThrow()
    const closed = newWindow()
    closed.destroyed = true
    click(byLabel(view, 'Account'), closed)
    expect(closed.webContents.inputEvents).toEqual([])
  })
})

describe('Help and About', () => {
  it.each([
    ['linux', 'control'],
    ['darwin', 'meta']
  ] as const)(
    'on %s, Keyboard Shortcuts shows Ctrl/Cmd+/ and sends the page that key with %s',
    (platform, modifier) => {
      const item = byLabel(helpMenu(install(platform)), 'Keyboard Shortcuts')
      expect(item.accelerator).toBe('CmdOrCtrl+/')
      expect(item.registerAccelerator).toBe(false)
      const win = newWindow()
      click(item, win)
      expect(win.webContents.inputEvents).toEqual([
        { type: 'keyDown', keyCode: '/', modifiers: [modifier] },
        { type: 'keyUp', keyCode: '/', modifiers: [modifier] }
      ])
      const again = newWindow()
      click(item, again, { triggeredByAccelerator: true })
      expect(again.webContents.inputEvents).toEqual([])
    }
  )

  it("opens the project's site in the system browser", () => {
    click(byLabel(helpMenu(install('linux')), 'Seller Desk Website'), undefined)
    expect(opened).toEqual([new URL(HOMEPAGE).href])
    expect(HOMEPAGE).toMatch(/^https:\/\//)
    // The same site the installers name.
    expect(config.extraMetadata).toMatchObject({ homepage: HOMEPAGE })
  })

  it('opens nothing that the external-link check refuses', () => {
    for (const homepage of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://u:p@x.example/'
    ]) {
      click(byLabel(helpMenu(install('linux', { homepage })), 'Seller Desk Website'), undefined)
    }
    expect(opened).toEqual([])
  })

  it('shows the name, version and site in the About panel', () => {
    install('linux')
    expect(fake.app.setAboutPanelOptions).toHaveBeenLastCalledWith(
      expect.objectContaining({
        applicationName: 'Seller Desk',
        applicationVersion: '0.1.0',
        website: HOMEPAGE
      })
    )
  })
})
