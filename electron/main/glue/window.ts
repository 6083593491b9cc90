import { BrowserWindow } from 'electron'
import { join } from 'node:path'
import type { Placement } from '../window-state/placement'
import { APP_PAGE_URL } from './app-url'

export interface WindowOptions {
  preloadPath: string
  /** The dev server; null loads the built page from app:// (glue/app-protocol.ts). */
  rendererUrl: string | null
  /** Off in packaged builds. */
  devTools: boolean
  /** Where to open (glue/window-state.ts); absent, 1280×800 where the system puts it. */
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
    webPreferences: {
      preload: options.preloadPath,
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
      devTools: options.devTools,
      spellcheck: false
    }
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
