import { useRef } from 'react'
import { useMediaQuery } from '../../lib/use-media-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { TriangleAlert } from 'lucide-react'
import type { BulkResult } from '../../../../shared/ipc/contract'
import type { Verdict } from '../../../../shared/verdict'
import { shortCode } from '../../../../shared/purchase-code'
import { WAS_VALID_TITLE } from '../history/HistoryCells'
import { VerdictBadge } from '../../ui/VerdictBadge'
import card from '../../ui/Card.module.css'
import styles from './BulkResults.module.css'

/**
 * A row's least height, as Bulk.module.css sets it: wide, and narrow where it takes two lines.
 * Rows are measured as drawn (a long reason wraps); estimating no less than most rows measure
 * keeps the last row whole after End (a row that measures smaller only shrinks the list).
 */
const ROW_HEIGHT = 48
const NARROW_ROW_HEIGHT = 60

/** Where rows take two lines (BulkResults.module.css). */
const NARROW_QUERY = '(max-width: 860px)'

/** One code's result with its verdict and its place in the pasted order (from 0). */
export interface BulkRow {
  r: BulkResult
  verdict: Verdict
  index: number
}

function Details({
  r,
  verdict,
  sharedReason
}: {
  r: BulkResult
  verdict: Verdict
  sharedReason: string | null
}): React.JSX.Element | null {
  if (r.status === 'valid') {
    return (
      <>
        <span className={styles.itemName}>{r.itemName ?? `Item #${r.itemId ?? '?'}`}</span>
        <span className={styles.detailMeta}>
          {r.license ?? 'Licence unknown'} · {verdict.detail}
        </span>
      </>
    )
  }
  // Said once above the table when every code not checked shares it.
  if (verdict.state === 'not-checked' && verdict.detail === sharedReason)
    return <span className={styles.message}>See the reason above the table</span>
  return <span className={styles.message}>{verdict.detail}</span>
}

function ResultRow({
  row,
  sharedReason
}: {
  row: BulkRow
  sharedReason: string | null
}): React.JSX.Element {
  const { r, verdict, index } = row
  return (
    <>
      <span role="cell" className={`${styles.num} tabular`}>
        {index + 1}
      </span>
      <span role="cell" className={styles.codeCell} title={r.code}>
        {/* The whole code is always read out; a narrow window shows its short form. */}
        <span className={`${styles.codeText} mono`}>{r.code}</span>
        <span className={`${styles.codeShort} mono`} aria-hidden>
          {shortCode(r.code)}
        </span>
        {!r.looksLikeUuid && (
          <span
            className={styles.shapeWarn}
            title="This doesn’t look like a purchase code; it was checked anyway."
          >
            <TriangleAlert size={12} aria-hidden />
            <span className="visually-hidden">Not shaped like a purchase code.</span>
          </span>
        )}
      </span>
      <span role="cell" className={styles.statusCell}>
        <VerdictBadge verdict={verdict} />
        {r.flag === 'was-valid' && (
          <span className={styles.flag} title={WAS_VALID_TITLE}>
            Was valid
          </span>
        )}
      </span>
      <span role="cell" className={styles.details}>
        <Details r={r} verdict={verdict} sharedReason={sharedReason} />
      </span>
    </>
  )
}

/**
 * The job's codes as filtered and ordered above, updating as answers come. Only the rows in
 * view exist in the DOM, so two thousand codes scroll like twenty. The table is its own
 * scroller and takes focus, so the keyboard scrolls it (arrow keys, Page Down).
 */
export function BulkResults({
  rows,
  sharedReason
}: {
  rows: readonly BulkRow[]
  sharedReason: string | null
}): React.JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null)
  const narrow = useMediaQuery(NARROW_QUERY)
  // No React Compiler in this build; the virtualiser re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (narrow ? NARROW_ROW_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => rows[index]!.r.code,
    overscan: 10
  })
  return (
    <>
      <span id="bulk-results-keys" className="visually-hidden">
        Scroll the results with the arrow keys.
      </span>
      <div
        ref={scrollRef}
        className={`${card.card} ${styles.results}`}
        role="table"
        aria-label="Bulk results"
        aria-describedby="bulk-results-keys"
        aria-rowcount={rows.length + 1}
        tabIndex={0}
        data-testid="bulk-scroller"
      >
        <div role="rowgroup" className={styles.head}>
          <div role="row" className={`${styles.row} ${styles.headRow}`} aria-rowindex={1}>
            <span role="columnheader" className={styles.num}>
              #
            </span>
            <span role="columnheader" className={styles.codeHead}>
              Code
            </span>
            <span role="columnheader" className={styles.statusHead}>
              Result
            </span>
            <span role="columnheader" className={styles.detailsHead}>
              Details
            </span>
          </div>
        </div>
        <div role="rowgroup" className={styles.rows} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((v) => {
            const row = rows[v.index]!
            return (
              <div
                key={v.key}
                ref={virtualizer.measureElement}
                data-index={v.index}
                role="row"
                aria-rowindex={v.index + 2}
                data-status={row.r.status}
                data-verdict={row.verdict.state}
                className={styles.row}
                style={{ transform: `translateY(${v.start}px)` }}
              >
                <ResultRow row={row} sharedReason={sharedReason} />
              </div>
            )
          })}
        </div>
      </div>
    </>
  )
}
