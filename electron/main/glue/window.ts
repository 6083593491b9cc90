import { BrowserWindow } from 'electron'
import { join } from 'node:path'
import type { Placement } from '../window-placement/main-window'
import { APP_PAGE_URL } from './app-url'
import { secureWebPreferences } from './web-preferences'

export interface WindowOptions {
  preloadPath: string
  /** The dev server; null loads the built page from app:// (glue/app-protocol.ts). */
  rendererUrl: string | null
  /** Off in packaged builds. */
  devTools: boolean
  /** Where to open (glue/window-placement.ts); absent, 1280×800 where the system puts it. */
  placement?: Placement
}

/** One window, sandboxed: the renderer gets the preload bridge and nothing of Node. */
export function createMainWindow(options: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    ...(options.placement?.bounds ?? { width: 1280, height: 800 }),
    minWidth: 720,
    minHeight: 520,
    show: false,
    title: 'Seller Desk',
    backgroundColor: '#00000000',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(options)
  })
  win.once('ready-to-show', () => {
    // Maximised before it shows, so it does not appear small and then jump.
    if (options.placement?.maximized) win.maximize()
    win.show()
  })
  void win.loadURL(options.rendererUrl ?? APP_PAGE_URL)
  return win
}

/** The built renderer folder (out/renderer), next to the built main. */
export const rendererDirFrom = (mainDir: string): string => join(mainDir, '../renderer')

/**
 * "Keep running in the tray": closing the main window hides it while `keep()` says so; a
 * real quit (tray, menu, OS) is let through because `keep()` then answers false.
 */
export function hideOnClose(win: BrowserWindow, keep: () => boolean): void {
  win.on('close', (event) => {
    if (!keep()) return
    event.preventDefault()
    win.hide()
  })
}
