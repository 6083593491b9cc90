import { useEffect, useState, type ReactNode } from 'react'
import { ArrowLeft, CloudOff, LockKeyhole, RefreshCw, TriangleAlert } from 'lucide-react'
import type { Freshness } from '../../../shared/ipc/contract'
import { formatDateTime, formatRelative } from '../lib/format'
import { Button } from './Button'
import spinner from './Spinner.module.css'
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

/**
 * One sync line: the icon stays, the words end in an ellipsis when the top bar is narrow
 * (a 760 px window with Back and Refresh); the title keeps the whole line, and the error
 * behind it when there is one.
 */
function SyncLine({
  state,
  icon,
  text,
  detail,
  warn = false,
  children
}: {
  state: string
  icon: ReactNode
  /** The whole line, also its title; `children` may lay the same words out in parts. */
  text: string
  detail?: string | null
  warn?: boolean
  children?: ReactNode
}): React.JSX.Element {
  return (
    <span
      className={warn ? `${styles.sync} ${styles.offline}` : styles.sync}
      data-state={state}
      title={detail ? `${text}. ${detail}` : text}
    >
      {icon}
      <span className={styles.syncText}>{children ?? text}</span>
    </span>
  )
}

function SyncStatus({
  freshness,
  busy
}: {
  freshness?: Freshness | null
  busy?: boolean
}): React.JSX.Element | null {
  const now = useNow()
  if (busy) {
    return (
      <SyncLine
        state="syncing"
        icon={<RefreshCw size={14} className={spinner.spin} aria-hidden />}
        text="Syncing…"
      />
    )
  }
  if (!freshness) return null
  const from = formatDateTime(freshness.fetchedAt, now)
  if (freshness.offline) {
    return (
      <SyncLine
        state="offline"
        warn
        icon={<CloudOff size={14} aria-hidden />}
        text={`Offline · data from ${from}`}
        detail={freshness.refreshError}
      />
    )
  }
  if (freshness.refreshErrorKind === 'keychain-unavailable') {
    return (
      <SyncLine
        state="locked"
        warn
        icon={<LockKeyhole size={14} aria-hidden />}
        text={`Keychain locked · data from ${from}`}
        detail={freshness.refreshError}
      />
    )
  }
  if (freshness.refreshError) {
    return (
      <SyncLine
        state="stale"
        warn
        icon={<TriangleAlert size={14} aria-hidden />}
        text={`Couldn’t refresh · data from ${from}`}
        detail={freshness.refreshError}
      />
    )
  }
  const synced = formatRelative(freshness.fetchedAt, now)
  return (
    <SyncLine
      state="online"
      icon={<span className={styles.dot} aria-hidden />}
      text={`Online · synced ${synced}`}
    >
      {/* A narrow top bar says the shorter line (the green dot still says "online"). */}
      <span className={styles.syncFull}>{`Online · synced ${synced}`}</span>
      <span className={styles.syncShort}>{`Synced ${synced}`}</span>
    </SyncLine>
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
