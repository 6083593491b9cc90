import { app, shell } from 'electron'
import { join } from 'node:path'
import { appUrlCheck, devRendererUrl } from './glue/app-url'
import { prepareBeforeReady } from './glue/before-ready'
import { startDesktopApp } from './glue/desktop-app'
import { createDesktopShell } from './glue/desktop-shell'
import { handleDeepLinkArgv } from './glue/deep-link'
import { claimSingleInstance } from './glue/single-instance'
import { createLookupSlots } from './quick/lookup-slots'
import { preferSmallHeap } from './util/small-heap'

preferSmallHeap()

// The desktop app's table of contents. Each piece is thin Electron glue (glue/) over code
// that runs and is tested in plain Node; each glue piece is tested through a faked Electron.
const devUrl = devRendererUrl(app.isPackaged, process.env)
const isAppUrl = appUrlCheck({ devUrl })
const openExternal = (url: string): Promise<void> => shell.openExternal(url)

// Quick lookup: codes from deep links, the tray and the lookup window wait here until a
// window asks for them (takePendingLookup). Made first: a launch link can come before ready.
const lookupSlots = createLookupSlots()

// The windows, the tray, the global shortcut and quitting.
const desktop = createDesktopShell({
  windowOptions: {
    preloadPath: join(__dirname, '../preload/index.js'),
    rendererUrl: devUrl,
    devTools: !app.isPackaged
  },
  lookupSlots,
  mainDir: __dirname,
  platform: process.platform,
  env: process.env
})

// A second desktop launch quits; this one comes to the front (hidden in the tray or not)
// and takes the sellerdesk:// link it was started with, if any (Windows, Linux).
const first = claimSingleInstance((argv) => {
  handleDeepLinkArgv(argv)
  desktop.showMain()
})

if (!first) app.quit()
else {
  prepareBeforeReady({
    isAppUrl,
    devUrl,
    openExternal,
    // No verdict with it: a link is a request to check, so the main window asks the site.
    deliverLink: (code) => {
      lookupSlots.offerMain(code)
      desktop.showMain()
    },
    defaultApp: process.defaultApp,
    argv: process.argv
  })
  // The data folder, the log, the app and its services, IPC, menu and updates.
  void app.whenReady().then(() =>
    startDesktopApp({
      dataDir: app.getPath('userData'),
      mainDir: __dirname,
      isPackaged: app.isPackaged,
      isAppUrl,
      openExternal,
      lookupSlots,
      shell: desktop
    })
  )
}
