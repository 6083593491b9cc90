import { useEffect, useState } from 'react'
import { RotateCw, Settings, Timer } from 'lucide-react'
import type { AppError } from '../../../../shared/errors'
import type { HistoryEntry } from '../../../../shared/ipc/contract'
import { useNav } from '../../stores/nav'
import { Button } from '../../ui/Button'
import { NotChecked } from '../../ui/NotChecked'
import { ErrorState } from '../../ui/States'
import { LastKnown } from './LastKnown'
import alert from '../../ui/Alert.module.css'
import verdict from './VerdictCard.module.css'
import styles from './ValidateError.module.css'

/** Seconds left until retryAt, ticking once a second; 0 when the wait is over. */
function useSecondsLeft(retryAt: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (retryAt === null) return
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [retryAt])
  return retryAt === null ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000))
}

/** "45 s", or "9 min 58 s" for the long waits a real marketplace can ask for. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const rest = seconds % 60
  return rest === 0 ? `${seconds / 60} min` : `${Math.floor(seconds / 60)} min ${rest} s`
}

/**
 * A failed check is not a verdict: the code may be fine, the marketplace just did not
 * answer (or refused the key). Rate limits count down and then offer Retry. What the
 * history knows about the code is shown beside, dated.
 */
export function ValidateError({
  error,
  retryAt,
  onRetry,
  lastKnown = null,
  now = new Date()
}: {
  error: AppError
  retryAt: number | null
  onRetry(): void
  lastKnown?: HistoryEntry | null
  now?: Date
}): React.JSX.Element {
  return (
    <div className={styles.failed}>
      <Failure error={error} retryAt={retryAt} onRetry={onRetry} />
      {lastKnown && <LastKnown entry={lastKnown} now={now} />}
    </div>
  )
}

function Failure({
  error,
  retryAt,
  onRetry
}: {
  error: AppError
  retryAt: number | null
  onRetry(): void
}): React.JSX.Element {
  const left = useSecondsLeft(error.kind === 'rate-limited' ? retryAt : null)
  const go = useNav((n) => n.go)
  if (error.kind === 'unauthorized' || error.kind === 'not-a-seller') {
    // The key, not the code, is the problem: nothing was checked, the way out is in Settings.
    return (
      <NotChecked
        error={error}
        action={
          <Button icon={<Settings size={16} aria-hidden />} onClick={() => go('settings')}>
            Open Settings
          </Button>
        }
      />
    )
  }
  // What was entered is the problem: sending it again would fail the same way. Main's
  // message names the fix ("Paste just the code."); nothing on this screen is highlighted.
  if (error.kind === 'invalid-input')
    return <ErrorState error={error} inline withNextStep={false} />
  if (error.kind !== 'rate-limited') return <NotChecked error={error} onRetry={onRetry} />
  return (
    <div className={`${alert.warn} ${styles.rateLimited}`} role="alert">
      <Timer size={28} aria-hidden className={styles.rateIcon} />
      <p className={styles.rateTitle}>The marketplace asked us to slow down</p>
      <p className={verdict.explain}>{error.message}</p>
      <p className={styles.countdown} aria-live="off">
        {left > 0 ? `You can check again in ${waitText(left)}.` : 'You can check again now.'}
      </p>
      <Button
        variant="primary"
        icon={<RotateCw size={16} aria-hidden />}
        onClick={onRetry}
        disabled={left > 0}
      >
        Retry
      </Button>
    </div>
  )
}
