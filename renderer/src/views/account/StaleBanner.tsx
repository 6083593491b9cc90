import { CloudOff, LockKeyhole, RotateCw, TriangleAlert } from 'lucide-react'
import type { AppError } from '../../../../shared/errors'
import type { Freshness } from '../../../../shared/ipc/contract'
import { formatDateTime } from '../../lib/format'
import { Button } from '../../ui/Button'
import alert from '../../ui/Alert.module.css'
import styles from './StaleBanner.module.css'

interface StaleBannerProps {
  freshness: Freshness | null
  /** A refresh that failed while the cached account stayed on screen. */
  error: AppError | null
  busy: boolean
  onRetry(): void
}

/** Says plainly that what is on screen is a saved copy, how old it is, and why. */
export function StaleBanner({
  freshness,
  error,
  busy,
  onRetry
}: StaleBannerProps): React.JSX.Element | null {
  if (!freshness) return null
  const offline = freshness.offline || error?.kind === 'offline' || error?.kind === 'timeout'
  const reason = error?.message ?? freshness.refreshError
  if (!offline && !reason) return null
  const saved = <span className="tabular">{formatDateTime(freshness.fetchedAt)}</span>
  const locked = !error && freshness.refreshErrorKind === 'keychain-unavailable'
  const Icon = locked ? LockKeyhole : offline ? CloudOff : TriangleAlert
  return (
    <div className={`${alert.warn} ${styles.banner}`} role="status">
      <Icon size={18} aria-hidden className={styles.bannerIcon} />
      {locked ? (
        <p>
          <strong>Keychain locked.</strong> Showing the account as saved on {saved}; nothing
          refreshes until your system keychain is unlocked.
        </p>
      ) : (
        <p>
          <strong>{offline ? 'Offline.' : 'Couldn’t refresh.'}</strong> Showing the account as saved
          on {saved}.{reason ? ` ${reason}` : ''}
        </p>
      )}
      <Button
        size="sm"
        variant="ghost"
        icon={<RotateCw size={14} aria-hidden />}
        busy={busy}
        onClick={onRetry}
      >
        Try again
      </Button>
    </div>
  )
}
