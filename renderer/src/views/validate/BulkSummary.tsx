import type { AppError } from '../../../../shared/errors'
import type { BulkJob } from '../../../../shared/ipc/contract'
import {
  countVerdicts,
  VERDICT_LABEL,
  VERDICT_STATES,
  VERDICT_TONE,
  type VerdictState
} from '../../../../shared/verdict'
import { bulkVerdict } from '../../lib/verdict'
import { isActive } from '../../stores/bulk'
import { VerdictBadge } from '../../ui/VerdictBadge'
import type { BulkRow } from './BulkResults'
import styles from './Bulk.module.css'

export type BulkFilter = VerdictState | 'all'
export type BulkOrder = 'pasted' | 'verdict'

/**
 * Every code with its verdict, computed once per render for the summary and the rows. A
 * code that failed says why in `why`'s words: the connection's sentence every view uses.
 */
export function rowsOf(job: BulkJob, now: Date, why: (error: AppError) => string): BulkRow[] {
  const ended = !isActive(job)
  return job.results.map((r, index) => {
    const verdict = bulkVerdict(r, ended, now)
    if (r.status !== 'error' || !r.errorKind) return { r, verdict, index }
    return {
      r,
      verdict: { ...verdict, detail: why({ kind: r.errorKind, message: verdict.detail }) },
      index
    }
  })
}

/** The rows the seller asked to see: one verdict or all, as pasted or valid first. */
export function visibleRows(rows: readonly BulkRow[], filter: BulkFilter, order: BulkOrder) {
  const shown = filter === 'all' ? [...rows] : rows.filter((x) => x.verdict.state === filter)
  if (order === 'verdict') {
    const rank = (x: BulkRow): number => VERDICT_STATES.indexOf(x.verdict.state)
    shown.sort((a, b) => rank(a) - rank(b) || a.index - b.index)
  }
  return shown
}

/**
 * How many codes ended in each verdict, as buttons that show only those codes; and the
 * order of the list (as pasted, or by verdict with the valid ones first).
 */
export function BulkSummary({
  rows,
  filter,
  order,
  onFilter,
  onOrder
}: {
  rows: readonly BulkRow[]
  filter: BulkFilter
  order: BulkOrder
  onFilter(filter: BulkFilter): void
  onOrder(order: BulkOrder): void
}): React.JSX.Element {
  const counts = countVerdicts(rows.map((x) => x.verdict))
  // A verdict no code ended in is no filter; the one shown stays until the seller leaves it.
  const states = VERDICT_STATES.filter((s) => counts[s] > 0 || filter === s)
  return (
    <div className={styles.summary}>
      <div className={styles.filters} role="group" aria-label="Show codes by verdict">
        <button
          type="button"
          className={styles.filter}
          aria-pressed={filter === 'all'}
          onClick={() => onFilter('all')}
        >
          All <span className={`${styles.filterCount} tabular`}>{rows.length}</span>
        </button>
        {states.map((state) => (
          <button
            key={state}
            type="button"
            className={styles.filter}
            aria-pressed={filter === state}
            data-verdict={state}
            onClick={() => onFilter(filter === state ? 'all' : state)}
          >
            <VerdictBadge
              verdict={{ state, label: VERDICT_LABEL[state], tone: VERDICT_TONE[state] }}
              size={14}
            />
            <span className={`${styles.filterCount} tabular`}>{counts[state]}</span>
          </button>
        ))}
      </div>
      <label className={styles.order}>
        Order
        <select
          value={order}
          onChange={(e) => onOrder(e.target.value === 'verdict' ? 'verdict' : 'pasted')}
        >
          <option value="pasted">As pasted</option>
          <option value="verdict">By verdict, valid first</option>
        </select>
      </label>
    </div>
  )
}
