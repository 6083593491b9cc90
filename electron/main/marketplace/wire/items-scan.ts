/**
 * The item list's answer read item by item from its bytes. Decoded whole, a 10,000-item
 * catalogue was a 15 MiB string and a raw tree of every item at once, both kept in the old
 * generation until a full collection, under the new list: most of the host's memory peak
 * on a refresh. Here only the top level is scanned; each item's bytes are decoded and
 * parsed when asked for, and die young once normalised.
 *
 * Only a plain answer is taken: one JSON object, `items` once at its top level and holding
 * an array, nothing after it but whitespace. Anything else is null, and the caller decodes
 * the answer whole as before, so every malformed, HTML or cut-off answer is judged exactly
 * as it always was. Each item is checked by JSON.parse itself when read; the scan only
 * finds where items begin and end, so a slice it got wrong cannot pass for valid JSON.
 */
import { runSteps, runStepsSliced, type Steps } from '../../util/steps'
import type { TimeSlices } from '../../util/time-slices'

/**
 * The most items a catalogue answer may list: twice the largest catalogue Seller Desk is
 * measured with (100,000), far above any one seller's. Past it the answer is refused while
 * it is scanned, before an item is parsed: four million minimal items (199 MB, under the
 * byte cap) ran the host out of memory.
 */
export const MAX_LISTED_ITEMS = 200_000

/** An item list longer than MAX_LISTED_ITEMS. */
export class TooManyItems extends Error {
  constructor() {
    super(`more than ${MAX_LISTED_ITEMS} items`)
    this.name = 'TooManyItems'
  }
}

export interface ScannedItems {
  /** The top-level object with `items` as an empty array (the other keys as sent). */
  head: Record<string, unknown>
  count: number
  /** The item at `index` as JSON.parse reads it; throws a SyntaxError for bytes that are not JSON. */
  item(index: number): unknown
  /**
   * Where each item's bytes are: item `i` is `bytes[starts[i]]` up to `bytes[ends[i]]`
   * (excluded). A parse on another thread reads them there (parse-off-main.ts).
   */
  spans: { bytes: Uint8Array; starts: readonly number[]; ends: readonly number[] }
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d

const isSpace = (c: number | undefined): boolean =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/** Items scanned between two steps (a millisecond or two of work). */
const ITEMS_PER_STEP = 128

/** Throws TooManyItems for a list longer than MAX_LISTED_ITEMS. */
export function scanItemsAnswer(bytes: Uint8Array): ScannedItems | null {
  return runSteps(scanItemsSteps(bytes))
}

/** The same scan in time slices: at 100,000 items it is a second of work on a busy machine. */
export function scanItemsAnswerSliced(
  bytes: Uint8Array,
  slices: TimeSlices
): Promise<ScannedItems | null> {
  return runStepsSliced(scanItemsSteps(bytes), slices)
}

function* scanItemsSteps(bytes: Uint8Array): Steps<ScannedItems | null> {
  // Non-fatal, as the whole answer is decoded: a bad byte reads as U+FFFD either way, and a
  // slice always starts and ends at an ASCII byte, so it never splits a character.
  const decoder = new TextDecoder('utf-8', { fatal: false })
  const n = bytes.length
  const skipSpace = (at: number): number => {
    while (at < n && isSpace(bytes[at])) at++
    return at
  }
  /** Past the string opening at `at` (a quote), or -1 when it never closes. */
  const skipString = (at: number): number => {
    let from = at + 1
    for (;;) {
      const quote = bytes.indexOf(QUOTE, from)
      if (quote === -1) return -1
      let slashes = 0
      while (bytes[quote - 1 - slashes] === BACKSLASH) slashes++
      if (slashes % 2 === 0) return quote + 1
      from = quote + 1
    }
  }
  /** Past the value starting at `at`, or -1; brackets are counted, not matched (JSON.parse checks). */
  const skipValue = (at: number): number => {
    const first = bytes[at]
    if (first === QUOTE) return skipString(at)
    if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
      let depth = 0
      for (let i = at; i < n; i++) {
        const c = bytes[i]
        if (c === QUOTE) {
          i = skipString(i) - 1
          if (i < 0) return -1
        } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++
        else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
          depth--
          if (depth === 0) return i + 1
        }
      }
      return -1
    }
    let i = at
    while (i < n) {
      const c = bytes[i]
      if (c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || isSpace(c)) break
      i++
    }
    return i === at ? -1 : i
  }
  const text = (from: number, to: number): string => decoder.decode(bytes.subarray(from, to))

  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  at = skipSpace(at)
  if (bytes[at] !== OPEN_OBJECT) return null
  const objectStart = at
  const starts: number[] = []
  const ends: number[] = []
  let arrayOpen = -1
  let arrayClose = -1
  at = skipSpace(at + 1)
  for (;;) {
    if (bytes[at] !== QUOTE) return null
    const keyEnd = skipString(at)
    if (keyEnd === -1) return null
    let key: unknown
    try {
      key = JSON.parse(text(at, keyEnd))
    } catch {
      return null
    }
    at = skipSpace(keyEnd)
    if (bytes[at] !== COLON) return null
    at = skipSpace(at + 1)
    if (key === 'items') {
      // A second `items` would be the one JSON.parse keeps: left to the whole decode.
      if (arrayOpen !== -1 || bytes[at] !== OPEN_ARRAY) return null
      arrayOpen = at
      at = skipSpace(at + 1)
      if (bytes[at] !== CLOSE_ARRAY) {
        for (;;) {
          const end = skipValue(at)
          if (end === -1) return null
          if (starts.length === MAX_LISTED_ITEMS) throw new TooManyItems()
          starts.push(at)
          ends.push(end)
          if (starts.length % ITEMS_PER_STEP === 0) yield
          at = skipSpace(end)
          if (bytes[at] === CLOSE_ARRAY) break
          if (bytes[at] !== COMMA) return null
          at = skipSpace(at + 1)
        }
      }
      arrayClose = at
      at = skipSpace(at + 1)
    } else {
      const end = skipValue(at)
      if (end === -1) return null
      at = skipSpace(end)
    }
    if (bytes[at] === CLOSE_OBJECT) break
    if (bytes[at] !== COMMA) return null
    at = skipSpace(at + 1)
  }
  if (arrayOpen === -1 || skipSpace(at + 1) !== n) return null
  let head: unknown
  try {
    // Everything but the items, which JSON.parse checks as it would have in the whole answer.
    head = JSON.parse(text(objectStart, arrayOpen + 1) + text(arrayClose, n))
  } catch {
    return null
  }
  if (typeof head !== 'object' || head === null || Array.isArray(head)) return null
  return {
    head: head as Record<string, unknown>,
    count: starts.length,
    item: (index) => JSON.parse(text(starts[index]!, ends[index]!)) as unknown,
    spans: { bytes, starts, ends }
  }
}
