import { useEffect, useState, type KeyboardEvent } from 'react'
import { Keyboard } from 'lucide-react'
import {
  acceleratorFromKeyPress,
  acceleratorLabel,
  checkAccelerator,
  DEFAULT_SHORTCUT
} from '../../../../shared/accelerator'
import type { QuickSettings } from '../../../../shared/ipc/contract'
import { getBridge } from '../../bridge'
import { usePlatform } from '../../frame/platform'
import { Button } from '../../ui/Button'
import { toast } from '../../ui/toast'
import styles from './Settings.module.css'
import card from '../../ui/Card.module.css'
import quick from './QuickLookup.module.css'

const platformName = (): string => (usePlatform.getState().mac ? 'darwin' : 'other')

/**
 * The global shortcut (record a combination, or turn it off) and the tray setting. Both
 * belong to the desktop app: the browser host shows them as such.
 */
export function QuickLookupSection(): React.JSX.Element | null {
  const [settings, setSettings] = useState<QuickSettings | null>(null)
  const [recording, setRecording] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    void getBridge()
      .getQuickSettings()
      .then((r) => r.ok && setSettings(r.data))
  }, [])

  const save = async (
    change: { shortcut?: string | null; keepInTray?: boolean },
    done: string
  ): Promise<void> => {
    const r = await getBridge().setQuickSettings(change)
    if (!r.ok) {
      setProblem(r.error.message)
      return
    }
    setProblem(null)
    setSettings(r.data)
    if (r.data.shortcutStatus.state !== 'refused') toast(done)
  }

  const record = (e: KeyboardEvent<HTMLButtonElement>): void => {
    if (!recording) return
    if (e.key === 'Escape' || e.key === 'Tab') {
      setRecording(false)
      return
    }
    e.preventDefault()
    const platform = platformName()
    const accelerator = acceleratorFromKeyPress(e, platform)
    if (accelerator === null) return
    setRecording(false)
    const checked = checkAccelerator(accelerator)
    if (!checked.ok) {
      setProblem(checked.message)
      return
    }
    void save(
      { shortcut: checked.accelerator },
      `Shortcut set to ${acceleratorLabel(checked.accelerator, platform)}.`
    )
  }

  if (!settings) return null
  const title = (
    <h2 id="quick-title" className={styles.sectionTitle}>
      Quick lookup
    </h2>
  )
  if (!settings.available) {
    return (
      <section className={`${card.card} ${styles.section}`} aria-labelledby="quick-title">
        {title}
        <p className={styles.hint}>
          Desktop app only: the global shortcut that checks the clipboard and the tray icon come
          with the installed Seller Desk, not with this browser page.
        </p>
      </section>
    )
  }

  const status = settings.shortcutStatus
  const message = problem ?? (status.state === 'refused' ? status.message : null)
  return (
    <section className={`${card.card} ${styles.section}`} aria-labelledby="quick-title">
      {title}
      <p className={styles.hint}>
        Copy a buyer’s code in any app, press the shortcut, and the verdict appears by the pointer.
      </p>
      <div className={quick.row}>
        <span className={quick.label} id="quick-shortcut-label">
          Global shortcut
        </span>
        <Button
          className={quick.recorder}
          icon={<Keyboard size={16} aria-hidden />}
          aria-describedby="quick-shortcut-label quick-shortcut-state"
          data-recording={recording ? '' : undefined}
          onClick={() => {
            setProblem(null)
            setRecording(!recording)
          }}
          onKeyDown={record}
          onBlur={() => setRecording(false)}
        >
          {recording ? 'Press keys…' : (settings.shortcutLabel ?? 'Off')}
        </Button>
        {settings.shortcut !== null ? (
          <Button onClick={() => void save({ shortcut: null }, 'Global shortcut turned off.')}>
            Turn off
          </Button>
        ) : null}
        {settings.shortcut !== DEFAULT_SHORTCUT && (
          <Button
            variant="ghost"
            onClick={() =>
              void save(
                { shortcut: DEFAULT_SHORTCUT },
                `Shortcut set to ${acceleratorLabel(DEFAULT_SHORTCUT, platformName())}.`
              )
            }
          >
            Use {acceleratorLabel(DEFAULT_SHORTCUT, platformName())}
          </Button>
        )}
      </div>
      <p id="quick-shortcut-state" className={styles.hint}>
        {recording
          ? 'Hold Ctrl, Alt or Cmd and press a key; Esc cancels.'
          : settings.shortcut === null
            ? 'Turned off. The tray icon’s Check clipboard still works.'
            : status.state === 'on'
              ? 'Click to record another combination.'
              : ''}
      </p>
      {message && (
        <p className={styles.warning} role="alert">
          {message}
        </p>
      )}
      <label className={quick.check}>
        <input
          type="checkbox"
          checked={settings.keepInTray}
          disabled={!settings.trayAvailable}
          onChange={(e) =>
            void save(
              { keepInTray: e.target.checked },
              e.target.checked
                ? 'Seller Desk will keep running in the tray.'
                : 'Closing the window will quit Seller Desk.'
            )
          }
        />
        Keep running in the tray when the window is closed
      </label>
      {!settings.trayAvailable && (
        <p className={styles.hint}>
          This desktop shows no tray icon (on Linux it needs AppIndicator support).
        </p>
      )}
    </section>
  )
}
