import { z } from 'zod'
import { ItemKindSchema, ItemMediaSchema, ItemSchema, type Item, type ItemKind } from './model'

/**
 * Search, filters and sort over a catalogue, and the compact row a card shows. Main runs
 * them over an index built once per list, and answers the window the grid shows; the page
 * never holds the whole catalogue.
 */

export const ItemSortSchema = z.enum(['newest', 'name', 'price-asc', 'price-desc'])
export type ItemSort = z.infer<typeof ItemSortSchema>
export const KindFilterSchema = z.union([ItemKindSchema, z.literal('all')])
export type KindFilter = z.infer<typeof KindFilterSchema>

export interface ItemFilters {
  query: string
  /** '' = every category. */
  category: string
  kind: KindFilter
  sort: ItemSort
}

/** What a card or a list row shows; the detail view reads the full item by id. */
export const ItemSummarySchema = ItemSchema.pick({
  id: true,
  name: true,
  category: true,
  sub_category: true,
  version: true,
  price: true,
  currency: true,
  published_at: true,
  kind: true
}).extend({ media: ItemMediaSchema.pick({ thumbnail: true, preview_image: true }) })
export type ItemSummary = z.infer<typeof ItemSummarySchema>

export interface ItemIndex {
  items: readonly Item[]
  /** Lowercase name, category, sub-category and tags, one string per item; built on the first search. */
  haystacks: string[] | null
  published: Float64Array
  categories: string[]
  kinds: Set<ItemKind>
  /** Positions in each sort order, computed on first use and kept. */
  sorted: Partial<Record<ItemSort, Uint32Array>>
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

export function buildIndex(items: readonly Item[]): ItemIndex {
  const categories = new Set<string>()
  const kinds = new Set<ItemKind>()
  const published = new Float64Array(items.length)
  items.forEach((item, n) => {
    categories.add(item.category)
    kinds.add(item.kind)
    const at = item.published_at ? Date.parse(item.published_at) : Number.NaN
    published[n] = Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at
  })
  return {
    items,
    haystacks: null,
    published,
    categories: [...categories].sort(collator.compare),
    kinds,
    sorted: {}
  }
}

export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean)
}

/** Server order breaks ties (and orders undated items): the list comes newest first. */
function sortedPositions(index: ItemIndex, sort: ItemSort): Uint32Array {
  const known = index.sorted[sort]
  if (known) return known
  const { items, published } = index
  const order = Uint32Array.from(items.keys())
  const by: Record<ItemSort, (a: number, b: number) => number> = {
    newest: (a, b) => published[b]! - published[a]! || a - b,
    name: (a, b) => collator.compare(items[a]!.name, items[b]!.name) || a - b,
    'price-asc': (a, b) => items[a]!.price.regular - items[b]!.price.regular || a - b,
    'price-desc': (a, b) => items[b]!.price.regular - items[a]!.price.regular || a - b
  }
  // Infinity - Infinity is NaN for two undated items: treat as equal, then server order.
  order.sort((a, b) => by[sort](a, b) || a - b)
  index.sorted[sort] = order
  return order
}

/** Positions (into index.items) of the matches, in the asked order. */
export function matchPositions(index: ItemIndex, filters: ItemFilters): number[] {
  const words = queryWords(filters.query)
  const { items } = index
  // The first screen shows the list unsearched: the search text waits for the first word.
  const haystacks =
    words.length === 0
      ? []
      : (index.haystacks ??= items.map((item) =>
          [item.name, item.category, item.sub_category ?? '', ...item.tags].join('\n').toLowerCase()
        ))
  const out: number[] = []
  for (const n of sortedPositions(index, filters.sort)) {
    const item = items[n]!
    if (filters.category !== '' && item.category !== filters.category) continue
    if (filters.kind !== 'all' && item.kind !== filters.kind) continue
    if (!words.every((w) => haystacks[n]!.includes(w))) continue
    out.push(n)
  }
  return out
}

/** The filtered, sorted catalogue (tests and small lists). */
export function filterItems(index: ItemIndex, filters: ItemFilters): Item[] {
  return matchPositions(index, filters).map((n) => index.items[n]!)
}
