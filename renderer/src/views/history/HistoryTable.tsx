import { useLayoutEffect, useRef } from 'react'
import { RotateCw, TriangleAlert } from 'lucide-react'
import type { HistoryEntry, Validation } from '../../../../shared/ipc/contract'
import type { Verdict } from '../../../../shared/verdict'
import { shortCode } from '../../lib/codes'
import { formatCompactTime, formatDate, formatDateTime } from '../../lib/format'
import { useMediaQuery } from '../../lib/use-media-query'
import { entryVerdict } from '../../lib/verdict'
import { Skeleton } from '../../ui/Skeleton'
import { Spinner } from '../../ui/Spinner'
import { VerdictBadge } from '../../ui/VerdictBadge'
import styles from './History.module.css'

/** Where History.module.css hides the Item column; the item then goes under its code. */
const NO_ITEM_COLUMN = '(max-width: 1100px)'

/** Where History.module.css narrows the Checked column to a short date. */
const NARROW = '(max-width: 960px)'

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

function SupportCell({
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
function CheckedAt({
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

function ItemCell({
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

function Row({
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

function Head(): React.JSX.Element {
  return (
    <thead>
      <tr>
        <th scope="col">Verdict</th>
        <th scope="col">Code</th>
        <th scope="col" className={styles.itemCol}>
          Item
        </th>
        <th scope="col" className={styles.licenceCol}>
          Licence
        </th>
        <th scope="col" className={styles.supportCol}>
          Support until
        </th>
        <th scope="col">Checked</th>
        <th scope="col" className={styles.actionCol}>
          <span className="visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
  )
}

/** Row keys that survive new rows above them: a code and its time, a counter settles ties. */
function rowKeys(entries: readonly HistoryEntry[]): string[] {
  const seen = new Map<string, number>()
  return entries.map((e) => {
    const base = `${e.code}\n${e.checkedAt}`
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    return `${base}\n${n}`
  })
}

/**
 * A re-check adds a row at the top (newest first), which would push down the row the seller
 * is on. After each change the row holding focus, else the one under the pointer, is put
 * back where it was on screen by scrolling the table by as much as it moved.
 */
function useRowAnchor(
  table: React.RefObject<HTMLTableElement | null>,
  entries: unknown
): {
  onPointerOver(e: React.PointerEvent): void
} {
  const tops = useRef(new Map<string, number>())
  const hovered = useRef<string | null>(null)
  useLayoutEffect(() => {
    const el = table.current
    if (!el) return
    const focused = el.ownerDocument.activeElement?.closest<HTMLElement>('tr[data-key]')
    const key = (focused && el.contains(focused) ? focused.dataset.key : null) ?? hovered.current
    const row = key ? el.querySelector<HTMLElement>(`tr[data-key="${CSS.escape(key)}"]`) : null
    const before = key ? tops.current.get(key) : undefined
    const scroller = el.closest<HTMLElement>('[data-scroller]')
    if (row && before !== undefined && scroller && row.offsetTop !== before) {
      scroller.scrollTop += row.offsetTop - before
    }
    tops.current = new Map(
      Array.from(el.querySelectorAll<HTMLElement>('tr[data-key]'), (r) => [
        r.dataset.key ?? '',
        r.offsetTop
      ])
    )
  }, [table, entries])
  return {
    onPointerOver: (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('tr[data-key]')
      hovered.current = row?.dataset.key ?? null
    }
  }
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
  // With no room for the Item column, the item goes under its code (rendered once, not
  // hidden twice, so it is one link for the keyboard and assistive tech).
  const itemUnderCode = useMediaQuery(NO_ITEM_COLUMN)
  const compactTime = useMediaQuery(NARROW)
  return (
    <table
      ref={tableRef}
      className={styles.table}
      aria-label="Lookup history"
      onPointerOver={anchor.onPointerOver}
    >
      <Head />
      <tbody>
        {entries.map((e, i) => (
          <Row
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
            itemUnderCode={itemUnderCode}
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
              <td>
                <Skeleton width={80} height={14} />
              </td>
              <td>
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
              <td>
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
