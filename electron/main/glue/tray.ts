import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron'
import { join } from 'node:path'
import type { HistoryEntry } from '../../../shared/ipc/contract'
import type { ConnectionStatus } from '../../../shared/connection-status'
import { trayMenu, trayStatusLabel, type TrayAction } from '../quick/tray-menu'

/**
 * The tray (menu-bar) icon. Its menu is rebuilt whenever the last verdicts change. Where no
 * tray can be made (a Linux desktop without AppIndicator support may still accept one and
 * show nothing; some refuse), the app simply has none and Settings says so.
 */
export interface TrayControl {
  update(recent: readonly HistoryEntry[], shortcutLabel: string | null): void
  /** The connection's status changed: the menu's first line and the tooltip say it. */
  setStatus(status: ConnectionStatus): void
}

/** Built next to the main bundle by electron.vite.config.ts (copyTrayIcons). */
export function trayIconPath(mainDir: string, platform: string): string {
  // Linux tray hosts scale a 16 px icon up blurry; macOS and Windows pick tray@2x.png on HiDPI.
  return join(mainDir, 'tray', platform === 'linux' ? 'tray-32.png' : 'tray.png')
}

export function createTray(options: {
  iconPath: string
  act: (action: TrayAction) => void
}): TrayControl | null {
  let tray: Tray
  try {
    tray = new Tray(nativeImage.createFromPath(options.iconPath))
  } catch {
    return null
  }
  tray.setToolTip('Seller Desk')
  let last: { recent: readonly HistoryEntry[]; shortcutLabel: string | null } = {
    recent: [],
    shortcutLabel: null
  }
  let status: ConnectionStatus | undefined
  const update: TrayControl['update'] = (recent, shortcutLabel) => {
    last = { recent, shortcutLabel }
    const template: MenuItemConstructorOptions[] = trayMenu(
      recent,
      shortcutLabel,
      new Date(),
      status
    ).map((entry) => {
      if (entry.type === 'separator') return { type: 'separator' }
      const action = entry.action
      return {
        label: entry.label,
        enabled: entry.enabled,
        ...(action ? { click: () => options.act(action) } : {})
      }
    })
    tray.setContextMenu(Menu.buildFromTemplate(template))
  }
  const setStatus: TrayControl['setStatus'] = (next) => {
    status = next
    const label = trayStatusLabel(next)
    tray.setToolTip(label ? `Seller Desk · ${label}` : 'Seller Desk')
    update(last.recent, last.shortcutLabel)
  }
  update([], null)
  return { update, setStatus }
}
