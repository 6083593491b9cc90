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
  /** The balance watch's lines (glue/balance-notify.ts): in the menu and the tooltip. */
  setBalance(lines: readonly string[]): void
  /** A line above the menu ("Restart to update to v1.2.3"); null removes it. */
  setBanner(banner: { label: string; click: () => void } | null): void
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
  let shown: { recent: readonly HistoryEntry[]; shortcutLabel: string | null } = {
    recent: [],
    shortcutLabel: null
  }
  let status: ConnectionStatus | undefined
  let balance: readonly string[] = []
  let banner: { label: string; click: () => void } | null = null
  const build = (): void => {
    const top: MenuItemConstructorOptions[] = banner
      ? [{ label: banner.label, click: banner.click }, { type: 'separator' }]
      : []
    const entries = trayMenu(shown.recent, shown.shortcutLabel, new Date(), balance, status)
    const template: MenuItemConstructorOptions[] = entries.map((entry) => {
      if (entry.type === 'separator') return { type: 'separator' }
      const action = entry.action
      return {
        label: entry.label,
        enabled: entry.enabled,
        ...(action ? { click: () => options.act(action) } : {})
      }
    })
    tray.setContextMenu(Menu.buildFromTemplate([...top, ...template]))
  }
  // The tooltip: the status, then the balance watch's lines.
  const tooltip = (): void => {
    const label = status ? trayStatusLabel(status) : null
    tray.setToolTip([label ? `Seller Desk · ${label}` : 'Seller Desk', ...balance].join('\n'))
  }
  const update: TrayControl['update'] = (recent, shortcutLabel) => {
    shown = { recent, shortcutLabel }
    build()
  }
  const setStatus: TrayControl['setStatus'] = (next) => {
    status = next
    tooltip()
    build()
  }
  const setBalance: TrayControl['setBalance'] = (lines) => {
    balance = lines
    tooltip()
    build()
  }
  const setBanner: TrayControl['setBanner'] = (next) => {
    banner = next
    build()
  }
  update([], null)
  return { update, setStatus, setBalance, setBanner }
}
