import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { CircleAlert, CircleCheck, CircleDashed, CircleX, TriangleAlert } from 'lucide-react'
import type { BulkResult } from '../../../../shared/ipc/contract'
import { formatDate } from '../../lib/format'
import { WAS_VALID_TITLE } from '../history/HistoryTable'
import styles from './Bulk.module.css'

const ROW_HEIGHT = 44

const STATUS: Record<BulkResult['status'], { word: string; tone: string; icon: React.ReactNode }> =
  {
    pending: { word: 'Waiting', tone: 'neutral', icon: <CircleDashed size={16} aria-hidden /> },
    valid: { word: 'Valid', tone: 'ok', icon: <CircleCheck size={16} aria-hidden /> },
    'not-valid': { word: 'Not valid', tone: 'danger', icon: <CircleX size={16} aria-hidden /> },
    error: { word: 'Not checked', tone: 'warn', icon: <CircleAlert size={16} aria-hidden /> }
  }

function Details({ r }: { r: BulkResult }): React.JSX.Element {
  if (r.status === 'valid') {
    const support = r.supportedUntil
      ? `support until ${formatDate(r.supportedUntil)}`
      : 'no support'
    return (
      <>
        <span className={styles.itemName}>{r.itemName ?? `Item #${r.itemId ?? '?'}`}</span>
        <span className={styles.detailMeta}>
          {r.license ?? 'Licence unknown'} · {support}
        </span>
      </>
    )
  }
  if (r.status === 'pending') return <span className={styles.detailMeta}>—</span>
  return <span className={styles.message}>{r.message ?? ''}</span>
}

function ResultRow({ r, index }: { r: BulkResult; index: number }): React.JSX.Element {
  const s = STATUS[r.status]
  return (
    <>
      <span role="cell" className={`${styles.num} tabular`}>
        {index + 1}
      </span>
      <span role="cell" className={styles.codeCell}>
        <span className={`${styles.codeText} mono`} title={r.code}>
          {r.code}
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
        <span className={styles.status} data-tone={s.tone}>
          {s.icon}
          {s.word}
        </span>
        {r.flag === 'was-valid' && (
          <span className={styles.flag} title={WAS_VALID_TITLE}>
            Was valid
          </span>
        )}
      </span>
      <span role="cell" className={styles.details}>
        <Details r={r} />
      </span>
    </>
  )
}

/**
 * Every code of the job in paste order, updating as answers come. Only the rows in view
 * exist in the DOM, so two thousand codes scroll like twenty.
 */
export function BulkResults({ results }: { results: readonly BulkResult[] }): React.JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null)
  // No React Compiler in this build; the virtualiser re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10
  })
  return (
    <div
      className={styles.results}
      role="table"
      aria-label="Bulk results"
      aria-rowcount={results.length + 1}
    >
      <div role="rowgroup">
        <div role="row" className={`${styles.row} ${styles.headRow}`} aria-rowindex={1}>
          <span role="columnheader" className={styles.num}>
            #
          </span>
          <span role="columnheader">Code</span>
          <span role="columnheader">Result</span>
          <span role="columnheader">Details</span>
        </div>
      </div>
      <div ref={scrollRef} className={styles.scroller} data-testid="bulk-scroller">
        <div role="rowgroup" className={styles.rows} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const r = results[row.index]!
            return (
              <div
                key={r.code}
                role="row"
                aria-rowindex={row.index + 2}
                data-status={r.status}
                className={styles.row}
                style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
              >
                <ResultRow r={r} index={row.index} />
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
