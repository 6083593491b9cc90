import type { Item } from '../../../shared/model'
import type { ItemReuse } from '../marketplace/items-worker/items-parser'
import { sameJson } from '../cache/list-entry-json'

/**
 * A refresh's items taken as the list in memory already holds them: an item the
 * marketplace answers unchanged is that list's own object, not a second copy. Most
 * refreshes change few items, so the new list costs little beside the old one, which a
 * search during the refresh reads back (at 100,000 items two whole lists were the host's
 * peak). The old list is asked for at each batch and never held here: once nothing else
 * holds it, it goes, and items are taken as they come.
 */
export function reuseItemsOf(previous: () => readonly Item[] | null): ItemReuse {
  /** Positions by id in the list last asked about, made at its first item out of place. */
  let positions: { of: WeakRef<readonly Item[]>; at: Map<number, number> } | null = null
  /** How far the new list's positions run ahead of the old one's (items added at the top). */
  let shift = 0
  const positionOf = (old: readonly Item[], id: number, position: number): number | undefined => {
    if (old[position - shift]?.id === id) return position - shift
    if (positions?.of.deref() !== old) {
      const at = new Map<number, number>()
      old.forEach((item, n) => at.set(item.id, n))
      positions = { of: new WeakRef(old), at }
    }
    const found = positions.at.get(id)
    if (found !== undefined) shift = position - found
    return found
  }
  const keep = (old: readonly Item[], item: Item, position: number): Item => {
    const n = positionOf(old, item.id, position)
    const same = n === undefined ? undefined : old[n]
    return same !== undefined && sameJson(same, item) ? same : item
  }
  return (batch, first) => {
    const old = previous()
    return old ? batch.map((item, k) => keep(old, item, first + k)) : batch
  }
}
