import type { Item } from '../../../shared/model'
import type { ItemsPayload, ItemsQuery, ItemsWindow } from '../../../shared/ipc/contract'
import { buildIndex, matchPositions, type ItemIndex } from '../../../shared/item-query'
import { summaryOf } from '../../../shared/item-summary'

// One index per list (the cache answers the same array while its file is unchanged), and
// the last query's matches per index: scrolling asks for windows of the same matches.
const indexes = new WeakMap<readonly Item[], ItemIndex>()
const lastMatches = new WeakMap<ItemIndex, { key: string; positions: number[] }>()

function indexOf(items: readonly Item[]): ItemIndex {
  let index = indexes.get(items)
  if (!index) {
    index = buildIndex(items)
    indexes.set(items, index)
  }
  return index
}

function matchesOf(index: ItemIndex, q: ItemsQuery): number[] {
  const key = JSON.stringify([q.query, q.category, q.kind, q.sort])
  const last = lastMatches.get(index)
  if (last?.key === key) return last.positions
  const positions = matchPositions(index, q)
  lastMatches.set(index, { key, positions })
  return positions
}

/** The asked window of the filtered, sorted list, and the full items on it (for their media). */
export function windowOf(
  payload: ItemsPayload,
  q: ItemsQuery
): { window: ItemsWindow; items: Item[] } {
  const index = indexOf(payload.items)
  const positions = matchesOf(index, q)
  const items = positions.slice(q.offset, q.offset + q.limit).map((n) => index.items[n]!)
  const window: ItemsWindow = {
    rows: items.map(summaryOf),
    offset: q.offset,
    matched: positions.length,
    total: payload.items.length,
    categories: index.categories,
    skipped: payload.skipped,
    listProblem: payload.listProblem
  }
  if (q.has !== undefined) window.has = payload.items.some((i) => i.id === q.has)
  return { window, items }
}
