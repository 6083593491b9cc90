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
import { createMainWindow, rendererDirFrom } from './glue/window'
import { openWindowState } from './glue/window-state'

// Thin Electron glue: everything it wires up runs and is tested in plain Node.
const devUrl = devRendererUrl(app.isPackaged, process.env)
const isAppUrl = appUrlCheck({ devUrl })
const openExternal = (url: string): Promise<void> => shell.openExternal(url)

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  hardenApp({ isAppUrl, devOrigin: devUrl, openExternal })
  // Before ready: a privileged scheme cannot be registered later.
  registerPrivilegedSchemes()
  app.whenReady().then(async () => {
    const sellerDesk = await createApp({
      dataDir: app.getPath('userData'),
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
      void sellerDesk.close().finally(() => app.quit())
    })
    const windowState = await openWindowState(app.getPath('userData'))
    const open = (): BrowserWindow =>
      windowState.track(
        createMainWindow({
          preloadPath: join(__dirname, '../preload/index.js'),
          rendererUrl: devUrl,
          devTools: !app.isPackaged,
          placement: windowState.placement()
        })
      )
    let win = open()
    app.on('second-instance', () => {
      if (win.isMinimized()) win.restore()
      win.focus()
    })
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) win = open()
    })
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
