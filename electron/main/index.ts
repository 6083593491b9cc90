import { app, BrowserWindow, shell } from 'electron'
import { join } from 'node:path'
import { createApp } from './app'
import { handleAppProtocol } from './glue/app-protocol'
import { appUrlCheck, devRendererUrl } from './glue/app-url'
import { registerIpc } from './glue/ipc'
import { installAppMenu } from './glue/menu'
import { handleMediaProtocol } from './glue/media-protocol'
import { registerPrivilegedSchemes } from './glue/schemes'
import { hardenApp, senderCheck } from './glue/security'
import { claimSingleInstance, focusWindow, lockDataFolderOrQuit } from './glue/single-instance'
import { createMainWindow, rendererDirFrom } from './glue/window'
import { openWindowState } from './glue/window-state'

// Thin Electron glue: everything it wires up runs and is tested in plain Node.
const devUrl = devRendererUrl(app.isPackaged, process.env)
const isAppUrl = appUrlCheck({ devUrl })
const openExternal = (url: string): Promise<void> => shell.openExternal(url)

let win: BrowserWindow | null = null

// A second desktop launch quits; this one comes to the front.
if (
  !claimSingleInstance(() => {
    if (win) focusWindow(win)
  })
) {
  app.quit()
} else {
  hardenApp({ isAppUrl, devOrigin: devUrl, openExternal })
  // Before ready: a privileged scheme cannot be registered later.
  registerPrivilegedSchemes()
  app.whenReady().then(async () => {
    const dataDir = app.getPath('userData')
    // The browser host may hold the folder: one writer per folder.
    const lock = await lockDataFolderOrQuit(dataDir)
    if (!lock) return
    const sellerDesk = await createApp({
      dataDir,
      appInfo: { name: app.getName(), version: app.getVersion(), platform: process.platform },
      transport: 'electron',
      openExternal
    })
    registerIpc(sellerDesk.handlers, senderCheck(isAppUrl))
    handleMediaProtocol(sellerDesk.media)
    handleAppProtocol(rendererDirFrom(__dirname))
    installAppMenu({ openExternal, devTools: !app.isPackaged })
    let closing = false
    app.on('will-quit', (event) => {
      // Let the demo server and stores close before the process ends.
      if (closing) return
      closing = true
      event.preventDefault()
      void sellerDesk
        .close()
        .finally(() => lock.release())
        .finally(() => app.quit())
    })
    const windowState = await openWindowState(dataDir)
    const open = (): BrowserWindow =>
      windowState.track(
        createMainWindow({
          preloadPath: join(__dirname, '../preload/index.js'),
          rendererUrl: devUrl,
          devTools: !app.isPackaged,
          placement: windowState.placement()
        })
      )
    win = open()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) win = open()
    })
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
