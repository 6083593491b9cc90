import {
  app,
  BrowserWindow,
  Menu,
  type BaseWindow,
  type KeyboardEvent as MenuEvent,
  type MenuItemConstructorOptions
} from 'electron'
import { HOMEPAGE } from '../homepage'
import { safeExternalUrl } from '../ipc/external-url'

export interface MenuOptions {
  /** The system browser; gets the homepage only after `safeExternalUrl` accepts it. */
  openExternal: (url: string) => Promise<void>
  /** View → Toggle Developer Tools, in unpackaged builds only. */
  devTools: boolean
  platform?: NodeJS.Platform
  homepage?: string
  /** Help → Copy Diagnostics: versions, sizes and last errors, for a message to support. */
  copyDiagnostics?: () => void
  /** Help → Check for Updates (packaged builds, where updates are on). */
  checkForUpdates?: () => void
}

/** The app's own keys, the ones renderer/src/frame/shortcuts.ts handles. */
const PAGE_KEYS: ReadonlyArray<{ label: string; key: string } | 'separator'> = [
  { label: 'Account', key: '1' },
  { label: 'Items', key: '2' },
  { label: 'Validate', key: '3' },
  { label: 'History', key: '4' },
  { label: 'Settings', key: '5' },
  'separator',
  { label: 'Check a Code', key: 'k' },
  { label: 'Refresh', key: 'r' }
]

/*
 * How a menu item reaches the page. The page already owns these keys (shortcuts.ts), so the
 * menu must not take them: a registered accelerator would swallow the key press before the
 * page sees it. So each item only shows its key (`registerAccelerator: false`; on macOS,
 * where that flag does nothing, the page still gets Cmd+key first and the menu only fires
 * for a key the page let through). A click sends the page that very key press through
 * webContents.sendInputEvent, so a click and a key press take the same path into the page.
 * A click the accelerator triggered is ignored: the page has seen that key already, and
 * answering it would send it again (and, on macOS, loop). Nothing new is exposed to the
 * page: no channel, no event, no callback.
 */
function pressKey(
  window: BaseWindow | undefined,
  event: MenuEvent,
  key: string,
  mac: boolean
): void {
  if (event.triggeredByAccelerator) return
  if (!(window instanceof BrowserWindow) || window.isDestroyed()) return
  const modifiers: Array<'meta' | 'control'> = [mac ? 'meta' : 'control']
  window.focus()
  window.webContents.sendInputEvent({ type: 'keyDown', keyCode: key, modifiers })
  window.webContents.sendInputEvent({ type: 'keyUp', keyCode: key, modifiers })
}

function appMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = (options.platform ?? process.platform) === 'darwin'
  const homepage = options.homepage ?? HOMEPAGE
  const view: MenuItemConstructorOptions[] = [
    ...PAGE_KEYS.map((entry): MenuItemConstructorOptions => {
      if (entry === 'separator') return { type: 'separator' }
      return {
        label: entry.label,
        accelerator: `CmdOrCtrl+${entry.key.toUpperCase()}`,
        registerAccelerator: false,
        click: (_item, window, event) => pressKey(window, event, entry.key, mac)
      }
    }),
    { type: 'separator' },
    // No reload: Ctrl/Cmd+R is the app's Refresh, and reloading would drop the page's state.
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
    ...(options.devTools ? [{ role: 'toggleDevTools' } as const] : [])
  ]
  const openSite = (): void => {
    const safe = safeExternalUrl(homepage)
    if (safe) void options.openExternal(safe).catch(() => undefined)
  }
  return [
    // macOS: the app menu (About, Services, Hide, Quit) comes first, as every Mac app's.
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    // Copy, paste and select all work on macOS only through these Edit roles.
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        // The page's own sheet (Ctrl/Cmd+/), reached the way View's items reach the page.
        {
          label: 'Keyboard Shortcuts',
          accelerator: 'CmdOrCtrl+/',
          registerAccelerator: false,
          click: (_item, window, event) => pressKey(window, event, '/', mac)
        },
        { type: 'separator' },
        { label: 'Seller Desk Website', click: openSite },
        ...(options.checkForUpdates
          ? [{ label: 'Check for Updates…', click: options.checkForUpdates }]
          : []),
        ...(options.copyDiagnostics
          ? [{ label: 'Copy Diagnostics', click: options.copyDiagnostics }]
          : []),
        // macOS has About in the app menu.
        ...(mac ? [] : [{ type: 'separator' } as const, { role: 'about' } as const])
      ]
    }
  ]
}

/** The native application menu, and the About panel it opens (name, version, site). */
export function installAppMenu(options: MenuOptions): void {
  app.setAboutPanelOptions({
    applicationName: app.getName(),
    applicationVersion: app.getVersion(),
    copyright: 'Copyright © Seller Desk',
    website: options.homepage ?? HOMEPAGE
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(options)))
}
