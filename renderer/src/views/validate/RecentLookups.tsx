import type { HistoryEntry, Validation } from '../../../../shared/ipc/contract'
import type { Verdict } from '../../../../shared/verdict'
import { shortCode } from '../../lib/codes'
import { formatDateTime } from '../../lib/format'
import { entryVerdict, validationVerdict } from '../../lib/verdict'
import { VerdictBadge } from '../../ui/VerdictBadge'
import card from '../../ui/Card.module.css'
import styles from './RecentLookups.module.css'

interface Row {
  code: string
  verdict: Verdict
  checkedAt: string
  detail: string
  /** This session's verdict, shown again without a call; null for a row from the history. */
  validation: Validation | null
}

function rowsOf(recent: readonly Validation[], earlier: readonly HistoryEntry[], now: Date): Row[] {
  const rows: Row[] = recent.map((v) => ({
    code: v.code,
    verdict: validationVerdict(v, now),
    checkedAt: v.checkedAt,
    detail: v.valid ? v.purchase.item.name : v.message,
    validation: v
  }))
  const seen = new Set(rows.map((r) => r.code))
  for (const e of earlier) {
    if (seen.has(e.code)) continue
    seen.add(e.code)
    rows.push({
      code: e.code,
      verdict: entryVerdict(e, now),
      checkedAt: e.checkedAt,
      detail: (e.valid ? e.itemName : e.message) ?? '',
      validation: null
    })
  }
  return rows
}

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
  const rows = rowsOf(recent, earlier, now)
  if (rows.length === 0) return null
  return (
    <section className={styles.recent} aria-labelledby="recent-title">
      <h2 id="recent-title" className={styles.recentTitle}>
        Recent lookups
      </h2>
      <ul className={`${card.card} ${styles.recentList}`}>
        {rows.map((r) => (
          <li key={r.code}>
            <button
              type="button"
              className={styles.recentRow}
              aria-current={r.code === current ? 'true' : undefined}
              onClick={() => (r.validation ? onShow(r.validation) : onCheck(r.code))}
              title={r.validation ? r.code : `${r.code}: check again`}
            >
              <span className={styles.recentVerdict}>
                <VerdictBadge verdict={r.verdict} />
              </span>
              <span className={`${styles.recentCode} mono`}>{shortCode(r.code)}</span>
              <span className={styles.recentItem}>{r.detail}</span>
              <span className={styles.recentTime}>{formatDateTime(r.checkedAt, now)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
