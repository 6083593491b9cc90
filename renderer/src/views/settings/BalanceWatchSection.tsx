import { useEffect, useState } from 'react'
import type { BalanceWatch, WatchInterval } from '../../../../shared/ipc/contract'
import { getBridge } from '../../bridge'
import { Button } from '../../ui/Button'
import { toast } from '../../ui/toast'
import card from '../../ui/Card.module.css'
import quick from './QuickLookup.module.css'
import styles from './Settings.module.css'

const INTERVALS: Array<{ value: WatchInterval; label: string }> = [
  { value: 0, label: 'Off' },
  { value: 5, label: 'Every 5 minutes' },
  { value: 15, label: 'Every 15 minutes' },
  { value: 30, label: 'Every 30 minutes' },
  { value: 60, label: 'Every hour' }
]

// 'granted' where there are none: nothing to ask for.
const currentPermission = (): NotificationPermission =>
  typeof Notification === 'undefined' ? 'granted' : Notification.permission

/** How often main reads each balance, and whose rises are notified. */
export function BalanceWatchSection(): React.JSX.Element | null {
  const [watch, setWatch] = useState<BalanceWatch | null>(null)
  const [inBrowser, setInBrowser] = useState(false)
  const [permission, setPermission] = useState(currentPermission)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    void getBridge()
      .getBalanceWatch()
      .then((r) => r.ok && setWatch(r.data))
    void getBridge()
      .getAppInfo()
      .then((r) => r.ok && setInBrowser(r.data.transport === 'browser'))
  }, [])

  const save = async (
    change: { intervalMinutes: WatchInterval } | { connectionId: string; notify: boolean }
  ): Promise<void> => {
    const r = await getBridge().setBalanceWatch(change)
    if (!r.ok) {
      setProblem(r.error.message)
      return
    }
    setProblem(null)
    setWatch(r.data)
    toast('Balance watch saved.')
  }

  if (!watch) return null
  return (
    <section className={`${card.card} ${styles.section}`} aria-labelledby="balance-watch-title">
      <h2 id="balance-watch-title" className={styles.sectionTitle}>
        Balance watch
      </h2>
      <p className={styles.hint}>
        Seller Desk reads each marketplace’s balance and tells you when it goes up, which is likely
        a sale. One request each time, well inside the marketplace’s limit; it keeps watching from
        the tray while the window is closed.
      </p>
      <div className={quick.row}>
        <label className={quick.label} htmlFor="balance-interval">
          Read the balance
        </label>
        <select
          id="balance-interval"
          className={styles.select}
          value={watch.intervalMinutes}
          onChange={(e) => void save({ intervalMinutes: Number(e.target.value) as WatchInterval })}
        >
          {INTERVALS.map((i) => (
            <option key={i.value} value={i.value}>
              {i.label}
            </option>
          ))}
        </select>
      </div>
      {watch.connections.map((c) => (
        <div key={c.connectionId}>
          <label className={quick.check}>
            <input
              type="checkbox"
              checked={c.notify}
              disabled={watch.intervalMinutes === 0}
              onChange={(e) =>
                void save({ connectionId: c.connectionId, notify: e.target.checked })
              }
            />
            Notify me when the balance on {c.label} goes up
          </label>
          {c.message && watch.intervalMinutes !== 0 && <p className={styles.hint}>{c.message}</p>}
        </div>
      ))}
      {inBrowser && permission === 'default' && (
        <Button
          className={quick.allow}
          onClick={() => void Notification.requestPermission().then(setPermission)}
        >
          Allow notifications in this browser
        </Button>
      )}
      {inBrowser && permission === 'denied' && (
        <p className={styles.warning}>
          This browser blocks Seller Desk’s notifications: allow them in the site’s settings.
        </p>
      )}
      {problem && (
        <p className={styles.warning} role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}
