import { app, BrowserWindow } from 'electron'
import { join } from 'node:path'
import { createHandlers } from './handlers'
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
  app.whenReady().then(() => {
    const handlers = createHandlers({
      appInfo: { name: app.getName(), version: app.getVersion(), platform: process.platform },
      transport: 'electron'
    })
    registerIpc(handlers, senderCheck(isAppUrl))
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
