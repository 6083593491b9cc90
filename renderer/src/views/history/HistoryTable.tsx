import { useRef } from 'react'
import type { HistoryEntry, Validation } from '../../../../shared/ipc/contract'
import { useMediaQuery } from '../../lib/use-media-query'
import { Skeleton } from '../../ui/Skeleton'
import { HistoryRow } from './HistoryRow'
import { rowKeys, useRowAnchor } from './use-row-anchor'
import styles from './History.module.css'

/** Where History.module.css narrows the Checked column to a short date. */
const NARROW = '(max-width: 960px)'

function Head(): React.JSX.Element {
  return (
    <thead role="rowgroup">
      <tr role="row">
        <th role="columnheader" scope="col">
          Verdict
        </th>
        <th role="columnheader" scope="col">
          Code
        </th>
        <th role="columnheader" scope="col">
          Item
        </th>
        <th role="columnheader" scope="col">
          Licence
        </th>
        <th role="columnheader" scope="col">
          Support until
        </th>
        <th role="columnheader" scope="col">
          Checked
        </th>
        <th role="columnheader" scope="col" className={styles.actionCol}>
          <span className="visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
  )
}

/** Newest first; one row per check, so a code checked twice shows both verdicts. */
export function HistoryTable({
  entries,
  rechecking,
  lastRecheck,
  now,
  onRecheck,
  onOpenItem
}: {
  entries: readonly HistoryEntry[]
  rechecking: readonly string[]
  lastRecheck: Validation | null
  now: Date
  onRecheck(code: string): void
  onOpenItem(id: number): void
}): React.JSX.Element {
  const tableRef = useRef<HTMLTableElement>(null)
  const anchor = useRowAnchor(tableRef, entries)
  const keys = rowKeys(entries)
  const compactTime = useMediaQuery(NARROW)
  return (
    <table
      ref={tableRef}
      role="table"
      className={styles.table}
      aria-label="Lookup history"
      onPointerOver={anchor.onPointerOver}
    >
      <Head />
      <tbody role="rowgroup">
        {entries.map((e, i) => (
          <HistoryRow
            key={keys[i]}
            rowKey={keys[i]!}
            entry={e}
            fresh={
              lastRecheck !== null &&
              lastRecheck.code === e.code &&
              lastRecheck.checkedAt === e.checkedAt
            }
            busy={rechecking.includes(e.code)}
            now={now}
            compactTime={compactTime}
            onRecheck={onRecheck}
            onOpenItem={onOpenItem}
          />
        ))}
      </tbody>
    </table>
  )
}

export function HistorySkeleton(): React.JSX.Element {
  return (
    <div role="status" aria-label="Loading the lookup history" aria-busy="true">
      <table className={styles.table} aria-hidden>
        <Head />
        <tbody>
          {Array.from({ length: 8 }, (_, i) => (
            <tr key={i}>
              <td className={styles.verdictCol}>
                <Skeleton width={80} height={14} />
              </td>
              <td className={styles.codeCol}>
                <Skeleton width={110} height={14} />
              </td>
              <td className={styles.itemCol}>
                <Skeleton width="70%" height={14} />
              </td>
              <td className={styles.licenceCol}>
                <Skeleton width={60} height={14} />
              </td>
              <td className={styles.supportCol}>
                <Skeleton width={80} height={14} />
              </td>
              <td className={styles.time}>
                <Skeleton width={90} height={14} />
              </td>
              <td className={styles.actionCol}>
                <Skeleton width={72} height={24} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
