import { memo } from 'react'
import type { HistoryEntry, Validation } from '../../../../shared/ipc/contract'
import { entryOf } from '../../../../shared/verdict'
import { shortCode } from '../../../../shared/purchase-code'
import { formatDateTime } from '../../lib/format'
import { entryVerdict } from '../../lib/verdict'
import { VerdictBadge } from '../../ui/VerdictBadge'
import card from '../../ui/Card.module.css'
import styles from './RecentLookups.module.css'

interface RowProps {
  /** This session's verdict (shown again without a call) or a row from the history. */
  from: Validation | HistoryEntry
  current: boolean
  now: Date
  onShow(v: Validation): void
  onCheck(code: string): void
}

/**
 * One row, from a session verdict or a history entry, both read as the history's row.
 * Memoised: a lookup changes one or two rows, and the seller waits for that paint.
 */
const RecentRow = memo(function RecentRow({
  from,
  current,
  now,
  onShow,
  onCheck
}: RowProps): React.JSX.Element {
  const validation = 'itemId' in from ? null : from
  const e = 'itemId' in from ? from : entryOf(from, from.flag ?? null)
  return (
    <li>
      <button
        type="button"
        className={styles.recentRow}
        aria-current={current ? 'true' : undefined}
        onClick={() => (validation ? onShow(validation) : onCheck(e.code))}
        title={validation ? e.code : `${e.code}: check again`}
      >
        <span className={styles.recentVerdict}>
          <VerdictBadge verdict={entryVerdict(e, now)} />
        </span>
        <span className={`${styles.recentCode} mono`}>{shortCode(e.code)}</span>
        <span className={styles.recentItem}>{(e.valid ? e.itemName : e.message) ?? ''}</span>
        <span className={styles.recentTime}>{formatDateTime(e.checkedAt, now)}</span>
      </button>
    </li>
  )
})

/**
 * This session's lookups, newest first, then the newest ones from the lookup history (so
 * the list is not empty after a restart). A click shows a session verdict again without a
 * call; a row from the history only has a summary, so it checks that code again.
 */
export function RecentLookups({
  recent,
  earlier = [],
  current,
  now = new Date(),
  onShow,
  onCheck
}: {
  recent: readonly Validation[]
  earlier?: readonly HistoryEntry[]
  current: string | null
  now?: Date
  onShow(v: Validation): void
  onCheck(code: string): void
}): React.JSX.Element | null {
  const seen = new Set(recent.map((v) => v.code))
  const older: HistoryEntry[] = []
  for (const e of earlier) {
    if (seen.has(e.code)) continue
    seen.add(e.code)
    older.push(e)
  }
  if (recent.length === 0 && older.length === 0) return null
  const row = (from: Validation | HistoryEntry): React.JSX.Element => (
    <RecentRow
      key={from.code}
      from={from}
      current={from.code === current}
      now={now}
      onShow={onShow}
      onCheck={onCheck}
    />
  )
  return (
    <section className={styles.recent} aria-labelledby="recent-title">
      <h2 id="recent-title" className={styles.recentTitle}>
        Recent lookups
      </h2>
      <ul className={`${card.card} ${styles.recentList}`}>
        {recent.map(row)}
        {older.map(row)}
      </ul>
    </section>
  )
}
