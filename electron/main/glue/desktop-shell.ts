import type { ConnectionStatus } from '../../../shared/connection-status'
import { app, BrowserWindow } from 'electron'
import type { SellerDeskApp } from '../app'
import type { QuickDesktop } from '../quick/desktop'
import type { LookupSlots } from '../quick/lookup-slots'
import { trayFeed } from '../quick/tray-feed'
import type { TrayAction } from '../quick/tray-menu'
import { clipboardCode } from './clipboard'
import { createQuickWindow, showQuickWindowNearPointer } from './quick-window'
import { createGlobalShortcut, isWaylandSession } from './shortcut'
import { focusWindow } from './single-instance'
import { wireBalanceNotify } from './balance-notify'
import { createTray, trayIconPath, type TrayControl } from './tray'
import { createMainWindow, hideOnClose, type WindowOptions } from './window'
import type { openWindowState } from './window-placement'

export interface DesktopShell {
  /** What quick lookup needs from the desktop (given to createApp). */
  desktop: QuickDesktop
  /** Shows the main window (made again if it was closed); a no-op before attach(). */
  showMain(): void
  /**
   * Joins the shell to the running app: the tray, the main window, activate. `onWindow`
   * hears of every main window made (the crash watch hooks into each).
   */
  attach(
    sellerDesk: SellerDeskApp,
    windowState: Awaited<ReturnType<typeof openWindowState>>,
    onWindow?: (win: BrowserWindow) => void
  ): void
  /** Re-reads the tray's recent checks (after a check, on bulk progress). */
  refreshTray(): void
  /** The tray's top line, e.g. "Restart to update to v1.2.3"; null removes it. */
  setTrayBanner(banner: { label: string; click: () => void } | null): void
  /** The connection's status, for the tray's first line and tooltip. */
  setTrayStatus(status: ConnectionStatus): void
  /** The main window once attached. */
  mainWindow(): BrowserWindow | null
}

export interface DesktopShellOptions {
  windowOptions: WindowOptions
  lookupSlots: LookupSlots
  /** Where the main bundle is (the tray icon sits beside it). */
  mainDir: string
  platform: NodeJS.Platform
  env: NodeJS.ProcessEnv
}

/**
 * The desktop around the app: the main window (hidden to the tray when the seller asks),
 * the lookup window, the tray and its menu, the global shortcut, and quitting. Made
 * before the app so quick lookup can be given its desktop; attached once the app runs.
 */
export function createDesktopShell(o: DesktopShellOptions): DesktopShell {
  let quitting = false
  let keepInTray = false
  let tray: TrayControl | null = null
  let quickWin: BrowserWindow | null = null
  let win: BrowserWindow | null = null
  let sellerDesk: SellerDeskApp | null = null
  let open: (() => BrowserWindow) | null = null

  const quickWindow = (): BrowserWindow => {
    if (!quickWin || quickWin.isDestroyed()) quickWin = createQuickWindow(o.windowOptions)
    return quickWin
  }
  const lookupClipboard = async (): Promise<void> => {
    o.lookupSlots.offerQuick(await clipboardCode())
    showQuickWindowNearPointer(quickWindow())
  }
  const shortcut = createGlobalShortcut({
    onPress: () => void lookupClipboard(),
    platform: o.platform,
    wayland: isWaylandSession(o.env)
  })
  const showMain = (): void => {
    if (!open) return
    if (!win || win.isDestroyed()) win = open()
    win.show()
    focusWindow(win)
  }
  const act = (action: TrayAction): void => {
    if (action.kind === 'check-clipboard') void lookupClipboard()
    else if (action.kind === 'show-code') {
      // A verdict from the last few minutes is shown as it is; an older one is checked again.
      void sellerDesk?.quick.handOver(action.code).then(() => showMain())
    } else if (action.kind === 'open') showMain()
    else app.quit()
  }
  const refreshTray = (): void => {
    if (tray && sellerDesk)
      void trayFeed(sellerDesk.handlers)
        .then((feed) => tray?.update(feed.recent, feed.shortcutLabel))
        .catch(() => undefined)
  }

  app.on('before-quit', () => {
    quitting = true
  })
  app.on('window-all-closed', () => {
    if (o.platform !== 'darwin') app.quit()
  })

  return {
    desktop: {
      applyShortcut: (accelerator) => shortcut.apply(accelerator),
      trayAvailable: () => tray !== null,
      setKeepInTray: (on) => {
        keepInTray = on
      },
      showMain: () => showMain(),
      hideQuick: () => quickWin?.hide()
    },
    showMain,
    refreshTray,
    setTrayBanner: (banner) => tray?.setBanner(banner),
    setTrayStatus: (status) => tray?.setStatus(status),
    mainWindow: () => win,
    attach(app_, windowState, onWindow) {
      sellerDesk = app_
      tray = createTray({ iconPath: trayIconPath(o.mainDir, o.platform), act })
      wireBalanceNotify({ balance: app_.balance, tray, showMain })
      open = () => {
        const w = windowState.track(
          createMainWindow({ ...o.windowOptions, placement: windowState.placement() })
        )
        hideOnClose(w, () => keepInTray && tray !== null && !quitting)
        // The hidden lookup window must not keep the app alive once the main window is gone.
        w.on('closed', () => quickWin?.destroy())
        onWindow?.(w)
        return w
      }
      win = open()
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0 || !win?.isVisible()) showMain()
      })
    }
  }
}
