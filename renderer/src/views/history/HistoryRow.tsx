import { RotateCw } from 'lucide-react'
import type { HistoryEntry } from '../../../../shared/ipc/contract'
import { shortCode } from '../../../../shared/purchase-code'
import { entryVerdict } from '../../lib/verdict'
import { Spinner } from '../../ui/Spinner'
import { CheckedAt, ItemCell, SupportCell, VerdictCell } from './HistoryCells'
import styles from './History.module.css'

/** One check: verdict, code (with its item when the Item column is hidden), and Re-check. */
export function HistoryRow({
  rowKey,
  entry,
  fresh,
  busy,
  now,
  itemUnderCode,
  compactTime,
  onRecheck,
  onOpenItem
}: {
  rowKey: string
  entry: HistoryEntry
  fresh: boolean
  busy: boolean
  now: Date
  itemUnderCode: boolean
  compactTime: boolean
  onRecheck(code: string): void
  onOpenItem(id: number): void
}): React.JSX.Element {
  const verdict = entryVerdict(entry, now)
  return (
    <tr
      data-key={rowKey}
      data-fresh={fresh || undefined}
      data-flag={entry.flag ?? undefined}
      data-verdict={verdict.state}
    >
      <td>
        <VerdictCell verdict={verdict} flag={entry.flag} />
      </td>
      <td>
        <span className={styles.codeCell}>
          <span className={`${styles.code} mono`} title={entry.code}>
            {shortCode(entry.code)}
          </span>
          {itemUnderCode && (
            <span className={styles.itemUnderCode}>
              <ItemCell entry={entry} onOpenItem={onOpenItem} />
            </span>
          )}
        </span>
      </td>
      <td className={styles.itemCol}>
        <ItemCell entry={entry} onOpenItem={onOpenItem} />
      </td>
      <td className={styles.licenceCol}>
        {entry.license ?? <span className={styles.muted}>—</span>}
      </td>
      <td className={styles.supportCol}>
        <SupportCell entry={entry} verdict={verdict} />
      </td>
      <td className={`${styles.time} tabular`}>
        <CheckedAt iso={entry.checkedAt} now={now} compact={compactTime} />
      </td>
      <td className={styles.actionCol}>
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
