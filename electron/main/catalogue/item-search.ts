import type { Item, ItemKind } from '../../../shared/model'
import type { ItemFilters, ItemSort } from '../../../shared/item-query'
import { runSteps, type Steps } from '../util/steps'

/**
 * The catalogue's search engine: search, filters and sort over an index built once per
 * list. Only main runs it (items-window.ts answers the grid a window at a time); the
 * query's shape is shared (shared/item-query.ts).
 */

export interface ItemIndex {
  items: readonly Item[]
  /**
   * Lowercase name, category, sub-category and tags, one string per item, and beside each
   * the letters a-z it holds as bits: a search skips an item missing one of its letters
   * without reading its text, and a one-letter search reads no text at all. Built ahead
   * of the first search (buildSearchText) or by it; `searchBuilt` items are done.
   */
  haystacks: string[] | null
  letters: Uint32Array | null
  searchBuilt: number
  published: Float64Array
  categories: string[]
  kinds: Set<ItemKind>
  /** Positions in each sort order, computed on first use and kept. */
  sorted: Partial<Record<ItemSort, Uint32Array>>
}

// Made on first use: the first Intl object loads ICU's data (about 9 ms), which would
// otherwise hold up every process that imports this module before it does anything.
let collator: Intl.Collator | null = null
const collate = (a: string, b: string): number =>
  (collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })).compare(a, b)

export function buildIndex(items: readonly Item[]): ItemIndex {
  return runSteps(buildIndexSteps(items))
}

/** Items indexed between two steps (about a millisecond of work). */
const INDEX_PER_STEP = 2048

/** buildIndex as steps (util/steps.ts): a refresh builds a new list's index in time slices. */
export function* buildIndexSteps(items: readonly Item[]): Steps<ItemIndex> {
  const categories = new Set<string>()
  const kinds = new Set<ItemKind>()
  const published = new Float64Array(items.length)
  for (let n = 0; n < items.length; n++) {
    if (n % INDEX_PER_STEP === INDEX_PER_STEP - 1) yield
    const item = items[n]!
    categories.add(item.category)
    kinds.add(item.kind)
    const at = item.published_at ? Date.parse(item.published_at) : Number.NaN
    published[n] = Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at
  }
  return {
    items,
    haystacks: null,
    letters: null,
    searchBuilt: 0,
    published,
    categories: [...categories].sort(collate),
    kinds,
    sorted: {}
  }
}

export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean)
}

const A = 97
const Z = 122

/** Bit c set when letter 'a' + c occurs in the (lowercase) text; other characters set none. */
export function letterBits(text: string): number {
  let bits = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= A && c <= Z) bits |= 1 << (c - A)
  }
  return bits >>> 0
}

/**
 * Builds the search text of up to `count` more items (all when absent); true once every
 * item has it. Main calls it in slices after a list arrives, so no keystroke pays for it.
 */
export function buildSearchText(index: ItemIndex, count = Number.POSITIVE_INFINITY): boolean {
  const { items } = index
  const haystacks = (index.haystacks ??= new Array<string>(items.length))
  const letters = (index.letters ??= new Uint32Array(items.length))
  const end = Math.min(items.length, index.searchBuilt + count)
  for (let n = index.searchBuilt; n < end; n++) {
    const item = items[n]!
    const text = [item.name, item.category, item.sub_category ?? '', ...item.tags]
      .join('\n')
      .toLowerCase()
    haystacks[n] = text
    letters[n] = letterBits(text)
  }
  index.searchBuilt = end
  return end === items.length
}

/** A word of one letter a-z: its letter bit alone says whether a text holds it. */
const decidedByBit = (word: string): boolean => word.length === 1 && letterBits(word) !== 0

/**
 * Whether item n holds every word (lowercase, as queryWords gives them). A word of one
 * letter a-z is decided by its bit alone: the bit is set exactly when the text holds it.
 */
export function wordsMatcher(index: ItemIndex, words: string[]): (n: number) => boolean {
  if (words.length === 0) return () => true
  buildSearchText(index)
  const haystacks = index.haystacks!
  const letters = index.letters!
  const need = letterBits(words.join(''))
  const read = words.filter((w) => !decidedByBit(w))
  if (read.length === 0) return (n) => (letters[n]! & need) >>> 0 === need
  return (n) => (letters[n]! & need) >>> 0 === need && read.every((w) => haystacks[n]!.includes(w))
}

/** Server order breaks ties (and orders undated items): the list comes newest first. */
function sortedPositions(index: ItemIndex, sort: ItemSort): Uint32Array {
  const known = index.sorted[sort]
  if (known) return known
  const { items, published } = index
  const order = Uint32Array.from(items.keys())
  const by: Record<ItemSort, (a: number, b: number) => number> = {
    newest: (a, b) => published[b]! - published[a]! || a - b,
    name: (a, b) => collate(items[a]!.name, items[b]!.name) || a - b,
    'price-asc': (a, b) => items[a]!.price.regular - items[b]!.price.regular || a - b,
    'price-desc': (a, b) => items[b]!.price.regular - items[a]!.price.regular || a - b
  }
  // Infinity - Infinity is NaN for two undated items: treat as equal, then server order.
  const compare = (a: number, b: number): number => by[sort](a, b) || a - b
  // A list often comes in the asked order or its reverse (by date, one way or the other):
  // a pass says so, where sorting 100,000 positions held main 20-25 ms in one turn. Reversed
  // only without ties, which must stay in server order.
  if (everyPair(order, (a, b) => compare(a, b) <= 0)) {
    // As the list came.
  } else if (everyPair(order, (a, b) => by[sort](b, a) < 0)) order.reverse()
  else order.sort(compare)
  index.sorted[sort] = order
  return order
}

function everyPair(order: Uint32Array, holds: (a: number, b: number) => boolean): boolean {
  for (let i = 1; i < order.length; i++) if (!holds(order[i - 1]!, order[i]!)) return false
  return true
}

/** Computes and keeps the positions in this order now, not in the next search that asks. */
export function prepareSort(index: ItemIndex, sort: ItemSort): void {
  sortedPositions(index, sort)
}

/**
 * The positions that pass `test`, in their order. Gathered in a typed array and copied once:
 * a plain array of over ~16,000 numbers starts out as a hash table in V8, and at 100,000
 * items each keystroke's matches were a few MB of short-lived objects for main's GC.
 */
export function keepMatching(positions: Uint32Array, test: (n: number) => boolean): Uint32Array {
  const found = new Uint32Array(positions.length)
  let k = 0
  for (let i = 0; i < positions.length; i++) {
    const n = positions[i]!
    if (test(n)) found[k++] = n
  }
  return found.slice(0, k)
}

/** The letter bits a search of single letters a-z needs; null when a word must be read. */
function lettersOnly(index: ItemIndex, words: string[]): number | null {
  if (!words.every(decidedByBit)) return null
  buildSearchText(index)
  return letterBits(words.join(''))
}

/**
 * keepMatching with the letters' test written in: called with one test or another, its
 * call to `test` is not inlined, and at 100,000 items that call is most of a letter's cost.
 */
function keepLetters(index: ItemIndex, positions: Uint32Array, need: number): Uint32Array {
  const letters = index.letters!
  const found = new Uint32Array(positions.length)
  let k = 0
  for (let i = 0; i < positions.length; i++) {
    const n = positions[i]!
    if ((letters[n]! & need) >>> 0 === need) found[k++] = n
  }
  return found.slice(0, k)
}

/** Positions (into index.items) of the matches, in the asked order; a new array each time. */
export function matchPositions(index: ItemIndex, filters: ItemFilters): Uint32Array {
  const words = queryWords(filters.query)
  const order = sortedPositions(index, filters.sort)
  const { category, kind } = filters
  // The whole list (a search erased, the first screen): nothing to test.
  if (words.length === 0 && category === '' && kind === 'all') return order.slice()
  // A search alone reads no item: its letters and text sit in the index's own arrays, and
  // touching 100,000 item objects cost more than the test itself.
  if (category === '' && kind === 'all') {
    const need = lettersOnly(index, words)
    return need === null
      ? keepMatching(order, wordsMatcher(index, words))
      : keepLetters(index, order, need)
  }
  const matches = wordsMatcher(index, words)
  const { items } = index
  return keepMatching(order, (n) => {
    const item = items[n]!
    if (category !== '' && item.category !== category) return false
    if (kind !== 'all' && item.kind !== kind) return false
    return matches(n)
  })
}
