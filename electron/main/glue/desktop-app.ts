import { withStatusTracking } from '../status/status-tracker'
import { app, globalShortcut } from 'electron'
import { join } from 'node:path'
import { createApp } from '../app'
import { createRotatingLog } from '../logs/rotating-log'
import type { LookupSlots } from '../quick/lookup-slots'
import { TRAY_STALE_AFTER, withRefreshAfter, withRefreshOnBulkProgress } from '../quick/tray-feed'
import type { UpdateState } from '../updates/policy'
import { handleAppProtocol } from './app-protocol'
import { offerRestartOnCrash, reloadWhenRendererGone } from './crashes'
import type { DesktopShell } from './desktop-shell'
import { copyDiagnostics } from './diagnostics'
import { registerIpc } from './ipc-main'
import { handleMediaProtocol } from './media-protocol'
import { installAppMenu } from './menu'
import { senderCheck } from './security'
import { lockDataFolderOrQuit } from './single-instance'
import { startAutoUpdate } from './updater'
import { rendererDirFrom } from './window'
import { openWindowState } from './window-placement'

export interface DesktopAppOptions {
  dataDir: string
  /** Where the main bundle is: the renderer, preload and tray icon are found from it. */
  mainDir: string
  isPackaged: boolean
  isAppUrl: (url: string) => boolean
  openExternal: (url: string) => Promise<void>
  lookupSlots: LookupSlots
  shell: DesktopShell
}

/** The tray's line for an update that is ready; null for every other state. */
export function trayUpdateLabel(state: UpdateState): string | null {
  return state.kind === 'ready' ? `Restart to update to v${state.version}` : null
}

/**
 * Once Electron is ready: take the data folder, start the log and the crash guard, build
 * the app, join it to IPC, the protocols, the menu and the desktop shell, close it on
 * quit, and (packaged builds) start automatic updates.
 */
export async function startDesktopApp(o: DesktopAppOptions): Promise<void> {
  // The browser host may hold the folder: one writer per folder.
  const lock = await lockDataFolderOrQuit(o.dataDir)
  if (!lock) return
  const keys = new Set<string>()
  const log = createRotatingLog({ dir: join(o.dataDir, 'logs'), keys: () => keys })
  offerRestartOnCrash(log)
  log.info(`Seller Desk ${app.getVersion()} starting (Electron ${process.versions.electron}).`)

  const sellerDesk = await createApp({
    dataDir: o.dataDir,
    appInfo: { name: app.getName(), version: app.getVersion(), platform: process.platform },
    transport: 'electron',
    openExternal: o.openExternal,
    lookupSlots: o.lookupSlots,
    desktop: o.shell.desktop,
    keysSeen: keys,
    log
  })
  const refresh = o.shell.refreshTray
  // Every window's answers tell the tray the connection's state, as they tell the page.
  const tracked = withStatusTracking(sellerDesk.handlers)
  tracked.tracker.onChange(() => o.shell.setTrayStatus(tracked.tracker.current()))
  registerIpc(
    withRefreshOnBulkProgress(
      withRefreshAfter(tracked.handlers, TRAY_STALE_AFTER, refresh),
      refresh
    ),
    senderCheck(o.isAppUrl)
  )
  handleMediaProtocol(sellerDesk.media)
  handleAppProtocol(rendererDirFrom(o.mainDir))

  const updates = o.isPackaged
    ? startAutoUpdate({
        settings: await sellerDesk.updates.settings(),
        bulkBusy: () => sellerDesk.bulkBusy(),
        log,
        onState: (state) => {
          const label = trayUpdateLabel(state)
          o.shell.setTrayBanner(
            label ? { label, click: () => void updates?.restartToUpdate() } : null
          )
        }
      })
    : null
  if (updates) sellerDesk.updates.attach(updates)
  installAppMenu({
    openExternal: o.openExternal,
    devTools: !o.isPackaged,
    copyDiagnostics: () => void copyDiagnostics({ dataDir: o.dataDir, log, keys }),
    ...(updates ? { checkForUpdates: () => void updates.checkNow() } : {})
  })

  let closing = false
  app.on('will-quit', (event) => {
    // A global shortcut stays taken until released.
    globalShortcut.unregisterAll()
    // Let the demo server and stores close before the process ends.
    if (closing) return
    closing = true
    event.preventDefault()
    updates?.stop()
    void sellerDesk
      .close()
      .finally(() => lock.release())
      .finally(() => app.quit())
  })
  o.shell.attach(sellerDesk, await openWindowState(o.dataDir), (win) =>
    reloadWhenRendererGone(win, log, () => sellerDesk.updates.noteCrash())
  )
  await sellerDesk.quick.start()
  refresh()
}
