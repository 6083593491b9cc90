import type { ItemsWindow } from '../../../shared/ipc/contract'
import type { ItemFilters, ItemSummary } from '../../../shared/item-query'

/**
 * What the grid has been shown of main's catalogue for one search: the counts, and the
 * rows fetched so far by position (holes are fetched as they scroll into view).
 */
export interface ItemsList {
  /** Changes with every new answer for the whole list: a late window must not land in another. */
  generation: number
  filters: string
  /** Items in main's list. */
  total: number
  /** Items in main's list that match the search and filters. */
  matched: number
  categories: string[]
  skipped: ItemsWindow['skipped']
  listProblem: ItemsWindow['listProblem']
  rows: Array<ItemSummary | undefined>
  /** Put here by id and not in main's answer yet: shown first. */
  extra: ItemSummary[]
  /** Every item of main's list is here (no filter hides any, none still to fetch). */
  complete: boolean
}

let generation = 0

export const filtersKey = (f: ItemFilters): string =>
  JSON.stringify([f.query, f.category, f.kind, f.sort])

const isComplete = (list: Omit<ItemsList, 'complete'>): boolean =>
  list.matched === list.total &&
  list.rows.length === list.matched &&
  !list.rows.some((r) => r === undefined)

export function listFrom(window: ItemsWindow, filters: ItemFilters): ItemsList {
  const rows: Array<ItemSummary | undefined> = new Array<ItemSummary | undefined>(window.offset)
  rows.push(...window.rows)
  const list = {
    generation: ++generation,
    filters: filtersKey(filters),
    total: window.total,
    matched: window.matched,
    categories: window.categories,
    skipped: window.skipped,
    listProblem: window.listProblem,
    rows,
    extra: []
  }
  return { ...list, complete: isComplete(list) }
}

export function withRows(list: ItemsList, window: ItemsWindow): ItemsList {
  const rows = list.rows.slice()
  window.rows.forEach((row, i) => {
    rows[window.offset + i] = row
  })
  const next = { ...list, rows }
  return { ...next, complete: isComplete(next) }
}

/** Positions count the items put here by id first, then main's matches. */
export function rowAt(list: ItemsList, pos: number): ItemSummary | undefined {
  return pos < list.extra.length ? list.extra[pos] : list.rows[pos - list.extra.length]
}

export const rowCount = (list: ItemsList): number => list.extra.length + list.matched
export const listTotal = (list: ItemsList): number => list.extra.length + list.total

/** An item read by id: refreshed in place where the list shows it, else put first. */
export function withSummary(list: ItemsList, row: ItemSummary, listed = false): ItemsList {
  const at = list.rows.findIndex((r) => r?.id === row.id)
  if (at !== -1) return { ...list, rows: list.rows.map((r, n) => (n === at ? row : r)) }
  const inExtra = list.extra.some((r) => r.id === row.id)
  if (inExtra) return { ...list, extra: list.extra.map((r) => (r.id === row.id ? row : r)) }
  // In main's list but not fetched here: it shows when its window is.
  if (listed) return list
  return { ...list, extra: [row, ...list.extra] }
}

export function findRow(list: ItemsList, id: number): ItemSummary | undefined {
  for (let pos = 0; pos < list.extra.length + list.rows.length; pos++) {
    const row = rowAt(list, pos)
    if (row?.id === id) return row
  }
  return undefined
}
