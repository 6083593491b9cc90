import { useEffect, useState } from 'react'
import { Download, RotateCw } from 'lucide-react'
import type { UpdateStatus } from '../../../shared/ipc/contract'
import { getBridge } from '../bridge'
import { Button } from '../ui/Button'
import { toast } from '../ui/toast'
import { DismissButton } from './DismissButton'
import alert from '../ui/Alert.module.css'
import styles from './Notices.module.css'

/** How often the banner asks while the window stays focused (main cannot push to the page). */
const ASK_EVERY_MS = 30_000

/**
 * "Restart to update to vX.Y.Z" with the release notes one click away, the Download button
 * when automatic download is off, and one line when an update failed. Nothing where
 * updates do not exist (the browser host, an unpackaged build).
 */
export function UpdateBanner(): React.JSX.Element | null {
  const [status, setStatus] = useState<UpdateStatus | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [dismissed, setDismissed] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    const ask = (): void =>
      void getBridge()
        .getUpdateState()
        .then((r) => live && r.ok && setStatus(r.data))
    ask()
    window.addEventListener('focus', ask)
    const timer = window.setInterval(ask, ASK_EVERY_MS)
    return () => {
      live = false
      window.removeEventListener('focus', ask)
      window.clearInterval(timer)
    }
  }, [])

  if (!status?.available) return null
  const { state } = status

  const openNotes = async (url: string): Promise<void> => {
    const r = await getBridge().openExternal({ url })
    if (!r.ok) toast(r.error.message)
  }
  const notes = (url: string): React.JSX.Element => (
    <a
      href={url}
      onClick={(e) => {
        e.preventDefault()
        void openNotes(url)
      }}
    >
      Release notes
    </a>
  )

  if (state.kind === 'failed') {
    if (dismissed === state.reason) return null
    return (
      <div className={`${styles.notice} ${alert.warn}`} role="status">
        <p className={styles.text}>
          Couldn’t update: {state.reason}. Seller Desk keeps running this version.
        </p>
        <DismissButton onDismiss={() => setDismissed(state.reason)} />
      </div>
    )
  }

  if (state.kind === 'available') {
    return (
      <div className={styles.notice} role="status">
        <p className={styles.text}>Seller Desk v{state.version} is available.</p>
        <div className={styles.actions}>
          {notes(state.notesUrl)}
          <Button
            size="sm"
            icon={<Download size={16} aria-hidden />}
            busy={busy}
            onClick={() => {
              setBusy(true)
              void getBridge()
                .downloadUpdate()
                .then((r) => r.ok && setStatus(r.data))
                .finally(() => setBusy(false))
            }}
          >
            Download
          </Button>
        </div>
      </div>
    )
  }

  if (state.kind !== 'ready') return null
  const restart = async (): Promise<void> => {
    const r = await getBridge().restartToUpdate()
    // On success the app quits; a refusal (a bulk check just started) is said in one line.
    if (!r.ok) setProblem(r.error.message)
  }
  return (
    <div className={styles.notice} role="status">
      <p className={styles.text}>Restart to update to v{state.version}.</p>
      <div className={styles.actions}>
        {notes(state.notesUrl)}
        {status.bulkRunning ? (
          <span className={styles.waiting}>Restart after the bulk check finishes.</span>
        ) : (
          <Button
            variant="primary"
            size="sm"
            icon={<RotateCw size={16} aria-hidden />}
            onClick={() => void restart()}
          >
            Restart
          </Button>
        )}
      </div>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}
