import { app, dialog, type BrowserWindow } from 'electron'
import { FolderInUse, lockDataFolder, type FolderLock } from '../storage/folder-lock'

/**
 * Claims the one desktop instance. A second launch gets false (and should quit); the
 * running one hears of it through `onSecondInstance` with that launch's argv (focus the
 * window now; deep links can read the argv later).
 */
export function claimSingleInstance(onSecondInstance: (argv: string[]) => void): boolean {
  if (!app.requestSingleInstanceLock()) return false
  app.on('second-instance', (_event: unknown, argv: string[]) => onSecondInstance(argv))
  return true
}

/** Brings the window to the front, restored if it was minimised. */
export function focusWindow(win: BrowserWindow): void {
  if (win.isMinimized()) win.restore()
  win.focus()
}

/**
 * Takes the data folder for the desktop app. When another Seller Desk holds it (the
 * browser host shares the folder, and Electron's own lock does not see it), says which
 * one in a dialog and quits: null. One writer per folder.
 */
export async function lockDataFolderOrQuit(dataDir: string): Promise<FolderLock | null> {
  try {
    return await lockDataFolder(dataDir, { kind: 'desktop' })
  } catch (e) {
    if (!(e instanceof FolderInUse)) throw e
    dialog.showErrorBox('Seller Desk is already running', e.message)
    app.quit()
    return null
  }
}
