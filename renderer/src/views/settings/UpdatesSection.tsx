import { useEffect, useState } from 'react'
import type { UpdateSettingsView } from '../../../../shared/ipc/contract'
import { getBridge } from '../../bridge'
import { toast } from '../../ui/toast'
import styles from './Settings.module.css'
import card from '../../ui/Card.module.css'
import quick from './QuickLookup.module.css'

/**
 * Automatic download and the beta channel. Updates come with the installed desktop app:
 * the browser host shows the section as such.
 */
export function UpdatesSection(): React.JSX.Element | null {
  const [settings, setSettings] = useState<UpdateSettingsView | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    void getBridge()
      .getUpdateSettings()
      .then((r) => r.ok && setSettings(r.data))
  }, [])

  const save = async (change: { autoDownload?: boolean; beta?: boolean }, done: string) => {
    const r = await getBridge().setUpdateSettings(change)
    if (!r.ok) {
      setProblem(r.error.message)
      return
    }
    setProblem(null)
    setSettings(r.data)
    toast(done)
  }

  if (!settings) return null
  const title = (
    <h2 id="updates-title" className={styles.sectionTitle}>
      Updates
    </h2>
  )
  if (!settings.available) {
    return (
      <section className={`${card.card} ${styles.section}`} aria-labelledby="updates-title">
        {title}
        <p className={styles.hint}>
          Updates come with the desktop app: the installed Seller Desk updates itself from its
          releases. This browser page is always the version it was started from.
        </p>
      </section>
    )
  }
  return (
    <section className={`${card.card} ${styles.section}`} aria-labelledby="updates-title">
      {title}
      <label className={quick.check}>
        <input
          type="checkbox"
          checked={settings.autoDownload}
          onChange={(e) =>
            void save(
              { autoDownload: e.target.checked },
              e.target.checked
                ? 'Updates will download by themselves.'
                : 'Updates will wait for you to download them.'
            )
          }
        />
        Download updates automatically
      </label>
      <label className={quick.check}>
        <input
          type="checkbox"
          checked={settings.beta}
          aria-describedby="updates-beta-hint"
          onChange={(e) =>
            void save(
              { beta: e.target.checked },
              e.target.checked ? 'Beta updates turned on.' : 'Beta updates turned off.'
            )
          }
        />
        Beta updates
      </label>
      <p id="updates-beta-hint" className={styles.hint}>
        Beta versions arrive earlier and may have rough edges. Either way, an update installs when
        you restart Seller Desk, never in the middle of a bulk check.
      </p>
      {problem && (
        <p className={styles.warning} role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}
