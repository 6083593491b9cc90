import { useLayoutEffect, useRef } from 'react'
import type { HistoryEntry } from '../../../../shared/ipc/contract'

/** Row keys that survive new rows above them: a code and its time, a counter settles ties. */
export function rowKeys(entries: readonly HistoryEntry[]): string[] {
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
export function useRowAnchor(
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
