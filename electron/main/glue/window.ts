import { BrowserWindow } from 'electron'
import { join } from 'node:path'
import { secureWebPreferences } from './web-preferences'

export interface WindowOptions {
  preloadPath: string
  rendererUrl: string | null
  rendererFile: string
  /** Off in packaged builds. */
  devTools: boolean
}

/** One window, sandboxed: the renderer gets the preload bridge and nothing of Node. */
export function createMainWindow(options: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 720,
    minHeight: 520,
    show: false,
    title: 'Seller Desk',
    backgroundColor: '#00000000',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(options)
  })
  win.once('ready-to-show', () => win.show())
  if (options.rendererUrl) void win.loadURL(options.rendererUrl)
  else void win.loadFile(options.rendererFile)
  return win
}

export const rendererFileFrom = (mainDir: string): string => join(mainDir, '../renderer/index.html')

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
