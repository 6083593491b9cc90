import type { ReactNode } from 'react'
import {
  CloudOff,
  KeyRound,
  LockKeyhole,
  RefreshCw,
  RotateCw,
  Settings,
  TriangleAlert
} from 'lucide-react'
import {
  statusLine,
  statusSentence,
  type ConnectionStatus,
  type StatusLine
} from '../../../shared/connection-status'
import { formatCompactTime, formatDateTime, formatRelative } from '../lib/format'
import { hostOf } from '../lib/host'
import { useNow } from '../lib/use-now'
import { useAccount } from '../stores/account'
import { selectActive, useConnections } from '../stores/connections'
import { selectSyncing, useConnectionStatus } from '../stores/connection-status'
import { useNav } from '../stores/nav'
import { Button } from './Button'
import spinner from './Spinner.module.css'
import styles from './ConnectionStatus.module.css'

function icon(line: StatusLine): ReactNode {
  switch (line.shown) {
    case 'syncing':
      return <RefreshCw size={14} className={spinner.spin} aria-hidden />
    case 'offline':
      return <CloudOff size={14} aria-hidden />
    case 'refused':
      return <KeyRound size={14} aria-hidden />
    case 'locked':
      return <LockKeyhole size={14} aria-hidden />
    case 'trouble':
      return <TriangleAlert size={14} aria-hidden />
    default:
      return <span className={styles.dot} data-tone={line.tone} aria-hidden />
  }
}

/** The status and its words, as every view's header, the switcher and the notices show it. */
function useStatusLine(dataFrom?: string | null): {
  status: ConnectionStatus
  line: StatusLine
} {
  const now = useNow()
  const status = useConnectionStatus((s) => s.status)
  const syncing = useConnectionStatus(selectSyncing)
  const line = statusLine(status, {
    dataFrom: dataFrom ?? null,
    syncing,
    // "2:48 PM" today (the sidebar is narrow), "12 Nov, 14:02" on another day.
    time: (iso) =>
      new Date(iso).toDateString() === now.toDateString()
        ? formatCompactTime(iso, now)
        : formatDateTime(iso, now),
    ago: (iso) => formatRelative(iso, now)
  })
  return { status, line }
}

/**
 * One line: icon and words, in the tone of the state. `dataFrom` is the age of what the view
 * shows; the state is the connection's, the same in every view.
 */
export function ConnectionStatusLine({
  dataFrom,
  compact = false
}: {
  dataFrom?: string | null
  /** The fewer words only (the sidebar's switcher). */
  compact?: boolean
}): React.JSX.Element {
  const { status, line } = useStatusLine(dataFrom)
  const title =
    status.message && line.shown !== 'online' ? `${line.text}. ${status.message}` : line.text
  return (
    <span className={styles.line} data-state={line.shown} data-tone={line.tone} title={title}>
      {icon(line)}
      <span className={styles.text}>
        {compact || line.short === line.text ? (
          compact ? (
            line.short
          ) : (
            line.text
          )
        ) : (
          <>
            {/* A narrow top bar says the shorter line; the title keeps the whole. */}
            <span className={styles.full}>{line.text}</span>
            <span className={styles.short}>{line.short}</span>
          </>
        )}
      </span>
    </span>
  )
}

/** The sentence for the active connection's problem, or null while there is none. */
function useStatusSentence(): string | null {
  const now = useNow()
  const status = useConnectionStatus((s) => s.status)
  const active = useConnections(selectActive)
  return statusSentence(status, active ? hostOf(active.baseUrl) : null, (iso) =>
    formatCompactTime(iso, now)
  )
}

/**
 * Under every view's header while the connection has a problem: the reason and the one
 * step in one sentence, and the button that takes it.
 */
export function ConnectionNotice({ onRetry }: { onRetry?: () => void }): React.JSX.Element | null {
  const status = useConnectionStatus((s) => s.status)
  const busy = useConnectionStatus((s) => s.inFlight > 0)
  const sentence = useStatusSentence()
  const go = useNav((n) => n.go)
  if (!sentence) return null
  const retry = onRetry ?? (() => void useAccount.getState().refresh())
  return (
    <div className={styles.notice} role="status" data-state={status.state}>
      <p>{sentence}</p>
      {status.state === 'refused' ? (
        <Button size="sm" icon={<Settings size={14} aria-hidden />} onClick={() => go('settings')}>
          Open Settings
        </Button>
      ) : (
        <Button size="sm" icon={<RotateCw size={14} aria-hidden />} busy={busy} onClick={retry}>
          Try again
        </Button>
      )}
    </div>
  )
}
