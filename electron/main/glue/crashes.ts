import { app, dialog, type BrowserWindow } from 'electron'
import { guardCrashes, rendererGoneLine } from '../logs/crash-guard'

type Log = { warn(message: string): void; error(message: string, detail?: unknown): void }

/**
 * An error nothing caught in main is logged and the seller is asked whether to restart
 * (quitting first, so the stores close as on any quit).
 */
export function offerRestartOnCrash(
  log: Log,
  source: Pick<NodeJS.EventEmitter, 'on'> = process
): void {
  guardCrashes({
    on: (event, listener) => source.on(event, listener),
    log,
    offerRestart: (message) =>
      void dialog
        .showMessageBox({
          type: 'error',
          title: 'Seller Desk',
          message,
          buttons: ['Restart Seller Desk', 'Keep Running'],
          defaultId: 0,
          cancelId: 1
        })
        .then(({ response }) => {
          if (response !== 0) return
          app.relaunch()
          app.quit()
        })
  })
}

/** A window whose page died is reloaded, with one line in the log and to `tell`. */
export function reloadWhenRendererGone(
  win: BrowserWindow,
  log: Log,
  tell: (line: string) => void
): void {
  win.webContents.on('render-process-gone', (_event, details) => {
    const line = rendererGoneLine(details.reason)
    if (line === null || win.isDestroyed()) return
    log.warn(`${line} (${details.reason}, exit code ${details.exitCode})`)
    tell(line)
    win.reload()
  })
}
