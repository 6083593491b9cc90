import type { ShortcutStatus } from '../../../shared/ipc/contract'

/**
 * What quick lookup needs from the desktop (glue/ implements it; the browser host has none):
 * the global shortcut, the tray and the two windows.
 */
export interface QuickDesktop {
  /** Unregisters the previous combination, registers this one (null: none). */
  applyShortcut(accelerator: string | null): ShortcutStatus
  trayAvailable(): boolean
  /** Told on start and on every change: the glue decides close-to-tray with it. */
  setKeepInTray(on: boolean): void
  /** Shows and focuses the main window (it then asks for the pending lookup). */
  showMain(): void
  hideQuick(): void
}
