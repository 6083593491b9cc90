import { RotateCw } from 'lucide-react'
import type { HistoryEntry } from '../../../../shared/ipc/contract'
import { shortCode } from '../../../../shared/purchase-code'
import { entryVerdict } from '../../lib/verdict'
import { Spinner } from '../../ui/Spinner'
import { CheckedAt, ItemCell, SupportCell, VerdictCell } from './HistoryCells'
import styles from './History.module.css'

/**
 * One check. Wide, one line of seven cells; narrower, the same cells in two lines (History.module.css):
 * verdict, code and Re-check, then item, licence, support and when. Explicit roles keep
 * the table a table for assistive tech whatever the layout does to its display.
 */
export function HistoryRow({
  rowKey,
  entry,
  fresh,
  busy,
  now,
  compactTime,
  onRecheck,
  onOpenItem
}: {
  rowKey: string
  entry: HistoryEntry
  fresh: boolean
  busy: boolean
  now: Date
  compactTime: boolean
  onRecheck(code: string): void
  onOpenItem(id: number): void
}): React.JSX.Element {
  const verdict = entryVerdict(entry, now)
  return (
    <tr
      role="row"
      data-key={rowKey}
      data-fresh={fresh || undefined}
      data-flag={entry.flag ?? undefined}
      data-verdict={verdict.state}
    >
      <td role="cell" className={styles.verdictCol}>
        <VerdictCell verdict={verdict} flag={entry.flag} />
      </td>
      <td role="cell" className={styles.codeCol}>
        {/* The whole code where it fits; else its ends, the whole code still read out. */}
        <span className={`${styles.codeFull} mono`}>{entry.code}</span>
        <span className={`${styles.codeShort} mono`} title={entry.code}>
          <span aria-hidden>{shortCode(entry.code)}</span>
          <span className="visually-hidden">{entry.code}</span>
        </span>
      </td>
      <td role="cell" className={styles.itemCol}>
        <ItemCell entry={entry} onOpenItem={onOpenItem} />
      </td>
      <td role="cell" className={styles.licenceCol}>
        {entry.license ?? <span className={styles.muted}>—</span>}
      </td>
      <td role="cell" className={styles.supportCol}>
        <SupportCell entry={entry} verdict={verdict} />
      </td>
      <td role="cell" className={`${styles.time} tabular`}>
        <CheckedAt iso={entry.checkedAt} now={now} compact={compactTime} />
      </td>
      <td role="cell" className={styles.actionCol}>
        <button
          type="button"
          className={styles.recheck}
          // Not `disabled`: a disabled button drops the focus the seller just put on it.
          onClick={() => !busy && onRecheck(entry.code)}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          aria-label={`Re-check ${entry.code}`}
          title="Check this code again now"
        >
          {busy ? <Spinner size={14} /> : <RotateCw size={14} aria-hidden />}
          <span className={styles.recheckWord}>Re-check</span>
        </button>
      </td>
    </tr>
  )
}
