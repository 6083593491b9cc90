import { app, BrowserWindow, globalShortcut, shell } from 'electron'
import { join } from 'node:path'
import { createApp } from './app'
import { handleAppProtocol } from './glue/app-protocol'
import { appUrlCheck, devRendererUrl } from './glue/app-url'
import { clipboardCode } from './glue/clipboard'
import { handleDeepLinkArgv, receiveDeepLinks, registerDeepLinks } from './glue/deep-link'
import { registerIpc } from './glue/ipc'
import { handleMediaProtocol } from './glue/media-protocol'
import { installAppMenu } from './glue/menu'
import { createQuickWindow, showQuickWindowNearPointer } from './glue/quick-window'
import { registerPrivilegedSchemes } from './glue/schemes'
import { hardenApp, senderCheck } from './glue/security'
import { createGlobalShortcut, isWaylandSession } from './glue/shortcut'
import { claimSingleInstance, focusWindow, lockDataFolderOrQuit } from './glue/single-instance'
import { withStatusTracking } from './status/status-tracker'
import { createTray, trayIconPath, type TrayControl } from './glue/tray'
import { createMainWindow, hideOnClose, rendererDirFrom, type WindowOptions } from './glue/window'
import { openWindowState } from './glue/window-state'
import { createLookupSlots } from './quick/lookup-slots'
import {
  TRAY_STALE_AFTER,
  trayFeed,
  withRefreshAfter,
  withRefreshOnBulkProgress
} from './quick/tray-feed'
import type { TrayAction } from './quick/tray-menu'

// Thin Electron glue: everything it wires up runs and is tested in plain Node.
const devUrl = devRendererUrl(app.isPackaged, process.env)
const isAppUrl = appUrlCheck({ devUrl })
const openExternal = (url: string): Promise<void> => shell.openExternal(url)

// Quick lookup: codes from deep links, the tray and the lookup window wait here until a
// window asks for them (takePendingLookup). Made first: a launch link can come before ready.
const lookupSlots = createLookupSlots()
let showMain: () => void = () => undefined

// A second desktop launch quits; this one comes to the front (hidden in the tray or not)
// and takes the sellerdesk:// link it was started with, if any (Windows, Linux).
if (
  !claimSingleInstance((argv) => {
    handleDeepLinkArgv(argv)
    showMain()
  })
) {
  app.quit()
} else {
  hardenApp({ isAppUrl, devOrigin: devUrl, openExternal })
  // Before ready: a privileged scheme cannot be registered later.
  registerPrivilegedSchemes()
  // Deep links: before ready too, since macOS sends the link that launched the app that early.
  receiveDeepLinks({
    deliver: (code) => {
      // No verdict with it: a link is a request to check, so the main window asks the site.
      lookupSlots.offerMain(code)
      showMain()
    },
    log: console
  })
  registerDeepLinks({ defaultApp: process.defaultApp, argv: process.argv })
  handleDeepLinkArgv(process.argv)

  app.whenReady().then(async () => {
    const dataDir = app.getPath('userData')
    // The browser host may hold the folder: one writer per folder.
    const lock = await lockDataFolderOrQuit(dataDir)
    if (!lock) return
    const windowOptions: WindowOptions = {
      preloadPath: join(__dirname, '../preload/index.js'),
      rendererUrl: devUrl,
      devTools: !app.isPackaged
    }
    let quitting = false
    let keepInTray = false
    let tray: TrayControl | null = null
    let quickWin: BrowserWindow | null = null
    const quickWindow = (): BrowserWindow => {
      if (!quickWin || quickWin.isDestroyed()) quickWin = createQuickWindow(windowOptions)
      return quickWin
    }
    const lookupClipboard = async (): Promise<void> => {
      lookupSlots.offerQuick(await clipboardCode())
      showQuickWindowNearPointer(quickWindow())
    }
    const shortcut = createGlobalShortcut({
      onPress: () => void lookupClipboard(),
      platform: process.platform,
      wayland: isWaylandSession(process.env)
    })

    const sellerDesk = await createApp({
      dataDir,
      appInfo: { name: app.getName(), version: app.getVersion(), platform: process.platform },
      transport: 'electron',
      openExternal,
      lookupSlots,
      desktop: {
        applyShortcut: (accelerator) => shortcut.apply(accelerator),
        trayAvailable: () => tray !== null,
        setKeepInTray: (on) => {
          keepInTray = on
        },
        showMain: () => showMain(),
        hideQuick: () => quickWin?.hide()
      }
    })

    const act = (action: TrayAction): void => {
      if (action.kind === 'check-clipboard') void lookupClipboard()
      else if (action.kind === 'show-code') {
        // A verdict from the last few minutes is shown as it is; an older one is checked again.
        void sellerDesk.quick.handOver(action.code).then(() => showMain())
      } else if (action.kind === 'open') showMain()
      else app.quit()
    }
    tray = createTray({ iconPath: trayIconPath(__dirname, process.platform), act })
    const refreshTray = (): void => {
      if (tray)
        void trayFeed(sellerDesk.handlers)
          .then((feed) => tray?.update(feed.recent, feed.shortcutLabel))
          .catch(() => undefined)
    }

    // Every window's answers tell the tray the connection's state, as they tell the page.
    const tracked = withStatusTracking(sellerDesk.handlers)
    tracked.tracker.onChange(() => tray?.setStatus(tracked.tracker.current()))
    registerIpc(
      withRefreshOnBulkProgress(
        withRefreshAfter(tracked.handlers, TRAY_STALE_AFTER, refreshTray),
        refreshTray
      ),
      senderCheck(isAppUrl)
    )
    handleMediaProtocol(sellerDesk.media)
    handleAppProtocol(rendererDirFrom(__dirname))
    installAppMenu({ openExternal, devTools: !app.isPackaged })
    let closing = false
    app.on('before-quit', () => {
      quitting = true
    })
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
    const open = (): BrowserWindow => {
      const w = windowState.track(
        createMainWindow({ ...windowOptions, placement: windowState.placement() })
      )
      hideOnClose(w, () => keepInTray && tray !== null && !quitting)
      // The hidden lookup window must not keep the app alive once the main window is gone.
      w.on('closed', () => quickWin?.destroy())
      return w
    }
    let win = open()
    showMain = (): void => {
      if (win.isDestroyed()) win = open()
      win.show()
      focusWindow(win)
    }
    await sellerDesk.quick.start()
    refreshTray()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0 || !win.isVisible()) showMain()
    })
  })

  app.on('will-quit', () => {
    // A global shortcut stays taken until released.
    globalShortcut.unregisterAll()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
