import { app, BrowserWindow } from 'electron'
import { join } from 'node:path'
import { createApp } from './app'
import { registerIpc } from './glue/ipc'
import { hardenApp, senderCheck } from './glue/security'
import { createMainWindow, rendererFileFrom } from './glue/window'

// Thin Electron glue: everything it wires up runs and is tested in plain Node.
const devUrl = process.env['ELECTRON_RENDERER_URL'] ?? null
const rendererFile = rendererFileFrom(__dirname)

function isAppUrl(url: string): boolean {
  if (devUrl) return url.startsWith(devUrl)
  try {
    const u = new URL(url)
    return u.protocol === 'file:' && decodeURIComponent(u.pathname).endsWith('/renderer/index.html')
  } catch {
    return false
  }
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  hardenApp(isAppUrl)
  app.whenReady().then(async () => {
    const sellerDesk = await createApp({
      dataDir: app.getPath('userData'),
      appInfo: { name: app.getName(), version: app.getVersion(), platform: process.platform },
      transport: 'electron'
    })
    registerIpc(sellerDesk.handlers, senderCheck(isAppUrl))
    app.on('will-quit', () => void sellerDesk.close())
    const open = (): BrowserWindow =>
      createMainWindow({ preloadPath: join(__dirname, '../preload/index.js'), rendererUrl: devUrl, rendererFile })
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
