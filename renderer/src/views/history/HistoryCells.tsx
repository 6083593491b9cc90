import { TriangleAlert } from 'lucide-react'
import type { HistoryEntry } from '../../../../shared/ipc/contract'
import type { Verdict } from '../../../../shared/verdict'
import { formatCompactTime, formatDate, formatDateTime } from '../../lib/format'
import { VerdictBadge } from '../../ui/VerdictBadge'
import styles from './History.module.css'

export const WAS_VALID_TITLE =
  'Valid when checked before, not valid now: the purchase was probably refunded or cancelled.'

/** Icon and word, never colour alone; a code that stopped being valid says so. */
export function VerdictCell({
  verdict,
  flag
}: {
  verdict: Verdict
  flag: HistoryEntry['flag']
}): React.JSX.Element {
  return (
    <span className={styles.verdictCell}>
      <VerdictBadge verdict={verdict} />
      {flag === 'was-valid' && (
        <span className={styles.flag} title={WAS_VALID_TITLE}>
          <TriangleAlert size={12} aria-hidden />
          Was valid
        </span>
      )}
    </span>
  )
}

export function SupportCell({
  entry,
  verdict
}: {
  entry: HistoryEntry
  verdict: Verdict
}): React.JSX.Element {
  if (!entry.valid) return <span className={styles.muted}>—</span>
  if (!entry.supportedUntil) return <span className={styles.muted}>No support</span>
  const expired = verdict.state === 'support-expired'
  return (
    <span data-tone={expired ? 'warn' : undefined} className={styles.support}>
      {formatDate(entry.supportedUntil)}
      {expired && ' (expired)'}
    </span>
  )
}

/** When a check was made; narrow, a short form on screen and the whole one read out. */
export function CheckedAt({
  iso,
  now,
  compact
}: {
  iso: string
  now: Date
  compact: boolean
}): React.JSX.Element {
  const full = formatDateTime(iso, now)
  if (!compact) return <time dateTime={iso}>{full}</time>
  return (
    <time dateTime={iso} title={full}>
      <span aria-hidden>{formatCompactTime(iso, now)}</span>
      <span className="visually-hidden">{full}</span>
    </time>
  )
}

export function ItemCell({
  entry,
  onOpenItem
}: {
  entry: HistoryEntry
  onOpenItem(id: number): void
}): React.JSX.Element {
  if (!entry.valid) return <span className={styles.message}>{entry.message ?? 'Not valid'}</span>
  const name = entry.itemName ?? (entry.itemId !== null ? `Item #${entry.itemId}` : '—')
  if (entry.itemId === null) return <span className={styles.itemText}>{name}</span>
  const id = entry.itemId
  return (
    <button
      type="button"
      className={styles.itemLink}
      onClick={() => onOpenItem(id)}
      title={`Open ${name}`}
    >
      {name}
    </button>
  )
}
