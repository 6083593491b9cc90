import { net, Notification } from 'electron'
import type { BalanceService } from '../balance/service'
import type { TrayControl } from './tray'

/**
 * The balance watch on the desktop: starts it, shows its notices as native notifications
 * (a click opens Account) and keeps the tray's balance lines current.
 */
export function wireBalanceNotify(options: {
  balance: Pick<BalanceService, 'start' | 'onEvent' | 'trayLines' | 'requestAccount'>
  tray: TrayControl | null
  showMain: () => void
}): () => void {
  const { balance, tray } = options
  // Electron drops a notification's click handler once the object is collected: kept until used.
  const shown = new Set<Notification>()
  const refreshTray = (): void => {
    if (tray)
      void balance.trayLines().then(
        (lines) => tray.setBalance(lines),
        () => undefined
      )
  }
  const stop = balance.onEvent((event) => {
    refreshTray()
    if (!event.notice || !Notification.isSupported()) return
    const notification = new Notification({ title: event.notice.title, body: event.notice.body })
    shown.add(notification)
    notification.on('click', () => {
      shown.delete(notification)
      balance.requestAccount()
      options.showMain()
    })
    notification.on('close', () => shown.delete(notification))
    notification.show()
  })
  balance.start({ online: () => net.isOnline() })
  refreshTray()
  return stop
}
