import type { Item } from '../../../shared/model'
import type { ItemsPayload, ItemsQuery, ItemsWindow } from '../../../shared/ipc/contract'
import type { ItemFilters, ItemSort } from '../../../shared/item-query'
import {
  buildIndex,
  buildIndexSteps,
  buildSearchText,
  keepMatching,
  matchPositions,
  prepareSort,
  queryWords,
  wordsMatcher,
  type ItemIndex
} from './item-search'
import { FIRST_WINDOW, summaryOf } from '../../../shared/item-summary'
import { runStepsSliced } from '../util/steps'
import { refreshSlices, timeSlices, type TimeSlices } from '../util/time-slices'

// One index per list (the cache answers the same array while its file is unchanged), and
// the last query's matches per index: scrolling asks for windows of the same matches.
const indexes = new WeakMap<readonly Item[], ItemIndex>()
const lastMatches = new WeakMap<
  ItemIndex,
  { key: string; filters: string; words: string[]; positions: Uint32Array }
>()

/**
 * Items given their search text per turn of the event loop: a few ms, so answers interleave
 * (5,000 held a loaded 2-core machine's loop for 20-40 ms a turn during a refresh).
 */
export const SEARCH_TEXT_SLICE = 1_000

// Lists a seller has searched (not only listed): their keys have compiled the loops.
const searched = new WeakSet<ItemIndex>()

// Settles once the index's search text is built (by the slices, or by a search meanwhile).
const searchBuilt = new WeakMap<ItemIndex, Promise<void>>()

/**
 * Searches as a seller's first keystrokes do (one letter, then two), thrown away: until V8
 * has compiled the loops over the list, the first searches ran two to three times slower
 * (7-14 ms against 3-4 at 100,000 items). Positions only: the last search is untouched.
 */
const WARM_UP: ItemFilters[] = ['e', 'ea'].map((query) => ({ ...FIRST_WINDOW, query }))

/**
 * The search text of a new list is built in slices after the answer that read it, not by
 * the first keystroke (300 ms at 100,000 items). A search asked meanwhile builds the rest.
 */
function buildSearchTextSoon(index: ItemIndex): void {
  searchBuilt.set(
    index,
    new Promise<void>((resolve) => {
      // Not unref'd: a refresh awaits this (searchReady), and a loop left with nothing
      // but unref'd steps ends without running them, leaving that answer unsettled.
      const warm = [...WARM_UP]
      const step = (): void => {
        // A list the seller is searching already has its loops compiled by those keys, and
        // a warm-up then held main 15-20 ms at 100,000 items just after one of them.
        if (searched.has(index)) warm.length = 0
        const filters = index.searchBuilt === index.items.length ? warm.shift() : undefined
        if (filters) matchPositions(index, filters)
        else if (buildSearchText(index, SEARCH_TEXT_SLICE) && warm.length === 0) return resolve()
        setImmediate(step)
      }
      setImmediate(step)
    })
  )
}

/** The index of this list (built on first use; exported for tests). */
export function indexOf(items: readonly Item[]): ItemIndex {
  let index = indexes.get(items)
  if (!index) {
    index = buildIndex(items)
    indexes.set(items, index)
    buildSearchTextSoon(index)
  }
  return index
}

/** This list's index, built in the given slices when it has none yet. */
async function indexInSlices(items: readonly Item[], slices: TimeSlices): Promise<ItemIndex> {
  if (!indexes.has(items)) {
    const built = await runStepsSliced(buildIndexSteps(items), slices)
    // An answer meanwhile built one in one go: that one stays.
    if (!indexes.has(items)) {
      indexes.set(items, built)
      buildSearchTextSoon(built)
    }
  }
  return indexOf(items)
}

/**
 * Settles once this list can be searched at once: its index made and its search text
 * built, in slices that let answers through. A refresh waits for it before the fetched
 * list takes the cached one's place, so the seller's first searches after a sync do not
 * pay for it (or share a core with it) while typing.
 */
export async function searchReady(
  items: readonly Item[],
  /** A refresh's cancel signal (its reason is thrown), and where it hears how far indexing is. */
  watch: { signal?: AbortSignal; onProgress?: IndexProgress } = {}
): Promise<void> {
  // A new list's index is built in time slices here, not in one go by the first answer
  // that needs it (40-400 ms at 10,000-100,000 items on a busy machine).
  if (!indexes.has(items)) watch.onProgress?.('indexing', 0, items.length)
  const index = await indexInSlices(items, refreshSlices(watch.signal))
  const built = searchBuilt.get(index)
  if (!watch.signal && !watch.onProgress) return built
  // The search text is most of the work: said item by item as its slices build it, and
  // left (no longer awaited) at the first turn after a cancel.
  let ready = false
  void built?.then(() => (ready = true))
  for (;;) {
    watch.onProgress?.('indexing', index.searchBuilt, items.length)
    if (watch.signal?.aborted) throw watch.signal.reason
    if (ready || !built) return
    await Promise.race([built, new Promise((resolve) => setImmediate(resolve))])
  }
}

// A seller's search waiting for its list's index and search text (prepareSearch), per list.
const preparing = new WeakMap<readonly Item[], Promise<void>>()

/**
 * Makes a list ready for a seller's search before the search runs: its index and search
 * text in slices of main's time that count as the seller's (background work keeps waiting),
 * then the asked order. Made by the search itself, the saved list's index, search text and
 * order were one turn of 250-300 ms at 100,000 items after the launch's first key had waited
 * for the list's read, and the garbage they left was collected under the next keys
 * (docs/performance.md). Nothing to do for a list that is ready.
 */
export async function prepareSearch(items: readonly Item[], sort: ItemSort): Promise<void> {
  const ready = indexes.get(items)
  if (!ready || ready.searchBuilt < items.length) {
    let under = preparing.get(items)
    if (!under) {
      under = buildForSearch(items).finally(() => preparing.delete(items))
      preparing.set(items, under)
    }
    await under
  }
  prepareSort(indexOf(items), sort)
}

async function buildForSearch(items: readonly Item[]): Promise<void> {
  const slices = timeSlices(8)
  const index = await indexInSlices(items, slices)
  // Shared with the slices buildSearchTextSoon runs: each item's text is made once.
  while (!buildSearchText(index, SEARCH_TEXT_SLICE)) if (slices.due()) await slices.turn()
}

/** How far a new list's index is built: items of all. */
export type IndexProgress = (phase: 'indexing', done: number, total: number) => void

/**
 * Every word of the last search lies inside some word of this one (a letter typed, a word
 * added): this search's matches are among the last one's, already in order.
 */
export function narrows(last: string[], now: string[]): boolean {
  return last.length > 0 && last.every((w) => now.some((n) => n.includes(w)))
}

function matchesOf(index: ItemIndex, q: ItemsQuery): Uint32Array {
  const key = JSON.stringify([q.query, q.category, q.kind, q.sort])
  const filters = JSON.stringify([q.category, q.kind, q.sort])
  const words = queryWords(q.query)
  if (words.length > 0) searched.add(index)
  const last = lastMatches.get(index)
  if (last?.key === key) return last.positions
  // A keystroke that narrows the search looks only at the last matches, not the whole list.
  const positions =
    last && last.filters === filters && narrows(last.words, words)
      ? keepMatching(last.positions, wordsMatcher(index, words))
      : matchPositions(index, q)
  lastMatches.set(index, { key, filters, words, positions })
  return positions
}

/** The asked window of the filtered, sorted list, and the full items on it (for their media). */
export function windowOf(
  payload: ItemsPayload,
  q: ItemsQuery
): { window: ItemsWindow; items: Item[] } {
  const index = indexOf(payload.items)
  return windowAt(payload, index, matchesOf(index, q), q)
}

/**
 * The window the Items view opens on, made without taking the place of the last search's
 * matches (a search being typed keeps narrowing them).
 */
export function openingWindowOf(payload: ItemsPayload): { window: ItemsWindow; items: Item[] } {
  const index = indexOf(payload.items)
  return windowAt(payload, index, matchPositions(index, FIRST_WINDOW), FIRST_WINDOW)
}

function windowAt(
  payload: ItemsPayload,
  index: ItemIndex,
  positions: Uint32Array,
  q: ItemsQuery
): { window: ItemsWindow; items: Item[] } {
  const items = Array.from(positions.subarray(q.offset, q.offset + q.limit), (n) => index.items[n]!)
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
