import { useEffect, useState, type ReactNode } from 'react'
import { ArrowLeft, CloudOff, LockKeyhole, RefreshCw, TriangleAlert } from 'lucide-react'
import type { Freshness } from '../../../shared/ipc/contract'
import { formatDateTime, formatRelative } from '../lib/format'
import { Button } from './Button'
import styles from './ViewHeader.module.css'

export interface ViewHeaderProps {
  title: ReactNode
  freshness?: Freshness | null
  /** A refresh is running. */
  busy?: boolean
  onRefresh?: () => void
  actions?: ReactNode
  onBack?: () => void
}

/** Re-renders every 30 s so "synced 2 minutes ago" keeps telling the truth. */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(t)
  }, [intervalMs])
  return now
}

export function SyncStatus({
  freshness,
  busy
}: {
  freshness?: Freshness | null
  busy?: boolean
}): React.JSX.Element | null {
  const now = useNow()
  if (busy) {
    return (
      <span className={styles.sync} data-state="syncing">
        <RefreshCw size={14} className={styles.spin} aria-hidden />
        Syncing…
      </span>
    )
  }
  if (!freshness) return null
  if (freshness.offline) {
    return (
      <span
        className={`${styles.sync} ${styles.offline}`}
        data-state="offline"
        title={freshness.refreshError ?? undefined}
      >
        <CloudOff size={14} aria-hidden />
        Offline · data from {formatDateTime(freshness.fetchedAt, now)}
      </span>
    )
  }
  if (freshness.refreshErrorKind === 'keychain-unavailable') {
    return (
      <span
        className={`${styles.sync} ${styles.offline}`}
        data-state="locked"
        title={freshness.refreshError ?? undefined}
      >
        <LockKeyhole size={14} aria-hidden />
        Keychain locked · data from {formatDateTime(freshness.fetchedAt, now)}
      </span>
    )
  }
  if (freshness.refreshError) {
    return (
      <span
        className={`${styles.sync} ${styles.offline}`}
        data-state="stale"
        title={freshness.refreshError}
      >
        <TriangleAlert size={14} aria-hidden />
        Couldn’t refresh · data from {formatDateTime(freshness.fetchedAt, now)}
      </span>
    )
  }
  return (
    <span className={styles.sync} data-state="online">
      <span className={styles.dot} aria-hidden />
      Online · synced {formatRelative(freshness.fetchedAt, now)}
    </span>
  )
}

/** The content column's top bar: Back, title, sync state, actions, Refresh. */
export function ViewHeader({
  title,
  freshness,
  busy,
  onRefresh,
  actions,
  onBack
}: ViewHeaderProps): React.JSX.Element {
  return (
    <header className={styles.header}>
      {onBack && (
        <Button
          variant="ghost"
          size="sm"
          icon={<ArrowLeft size={16} aria-hidden />}
          onClick={onBack}
          title="Back (Esc)"
        >
          Back
        </Button>
      )}
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.status} aria-live="polite">
        <SyncStatus freshness={freshness} busy={busy} />
      </div>
      <div className={styles.actions}>
        {actions}
        {onRefresh && (
          <Button
            size="sm"
            icon={<RefreshCw size={14} aria-hidden />}
            onClick={onRefresh}
            disabled={busy}
          >
            Refresh
          </Button>
        )}
      </div>
    </header>
  )
}
