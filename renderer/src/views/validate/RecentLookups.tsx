import { CircleCheck, CircleX } from 'lucide-react'
import type { HistoryEntry, Validation } from '../../../../shared/ipc/contract'
import { shortCode } from '../../lib/codes'
import { formatDateTime } from '../../lib/format'
import styles from './Validate.module.css'

interface Row {
  code: string
  valid: boolean
  checkedAt: string
  detail: string
  /** This session's verdict, shown again without a call; null for a row from the history. */
  validation: Validation | null
}

function rowsOf(recent: readonly Validation[], earlier: readonly HistoryEntry[]): Row[] {
  const rows: Row[] = recent.map((v) => ({
    code: v.code,
    valid: v.valid,
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
      valid: e.valid,
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
  now,
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
  const rows = rowsOf(recent, earlier)
  if (rows.length === 0) return null
  return (
    <section className={styles.recent} aria-labelledby="recent-title">
      <h2 id="recent-title" className={styles.recentTitle}>
        Recent lookups
      </h2>
      <ul className={styles.recentList}>
        {rows.map((r) => (
          <li key={r.code}>
            <button
              type="button"
              className={styles.recentRow}
              aria-current={r.code === current ? 'true' : undefined}
              onClick={() => (r.validation ? onShow(r.validation) : onCheck(r.code))}
              title={r.validation ? r.code : `${r.code}: check again`}
            >
              <span className={styles.recentVerdict} data-tone={r.valid ? 'ok' : 'danger'}>
                {r.valid ? (
                  <CircleCheck size={16} aria-hidden />
                ) : (
                  <CircleX size={16} aria-hidden />
                )}
                {r.valid ? 'Valid' : 'Not valid'}
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
