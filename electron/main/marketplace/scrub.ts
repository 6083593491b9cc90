import { keyPieces, type KeyPieces } from './key-pieces'
import { keySpellings } from './key-spellings'
import { runStepsSliced, type Steps } from '../util/steps'
import type { TimeSlices } from '../util/time-slices'

/** The shortest piece of the key worth hiding: shorter runs occur by chance in any text. */
const MIN_KEY_FRAGMENT = 8

/**
 * The shortest piece masked in answers (data, not messages): item data is full of hex
 * (file hashes, purchase codes), and an 8-character window of it matches a 64-character
 * key now and then across a large catalogue, which would break a good media address. 12
 * characters never do by chance; an echo is the whole key or a large share of it.
 */
const MIN_KEY_FRAGMENT_IN_DATA = 12

/** What a hidden piece of the key reads as. */
export const KEY_MASK = '•••'

// A refresh scrubs every string of a catalogue (about 500,000 at 10,000 items) with one
// key: the spellings and their automaton are worked out once per key.
let lastKey: string | null = null
let lastPieces: KeyPieces | null = null
let lastShortest = 0

function piecesOf(apiKey: string): { pieces: KeyPieces; shortest: number } {
  if (apiKey !== lastKey || !lastPieces) {
    const forms = keySpellings(apiKey)
    lastPieces = keyPieces(forms)
    lastShortest = Math.min(...forms.map((f) => f.length))
    lastKey = apiKey
  }
  return { pieces: lastPieces, shortest: lastShortest }
}

/**
 * Text with the key, and every run of 8 or more characters that is part of it, masked,
 * in any letter case and in every spelling `keySpellings` lists; read through HTML
 * entities, `\uXXXX` escapes, invisible characters (zero-width, soft hyphen) and tags or
 * comments between its letters. A server may echo the key into a field or a message, and
 * error messages quote raw values cut short: a cut-off quote of the key is still a large
 * share of it. One linear pass, whatever the text's length.
 */
export function scrubKey(whole: string, apiKey: string, minPiece = MIN_KEY_FRAGMENT): string {
  if (apiKey === '') return whole
  const { pieces, shortest } = piecesOf(apiKey)
  // A key too short for pieces to mean anything is masked whole only.
  const min = Math.min(minPiece, shortest)
  // Text shorter than any piece worth hiding holds none (most of an item's strings).
  if (whole.length < min) return whole
  const spans = keySpans(whole, pieces, min)
  if (spans.length === 0) return whole
  let out = ''
  let at = 0
  for (let k = 0; k < spans.length; k += 2) {
    out += whole.slice(at, spans[k]) + KEY_MASK
    at = spans[k + 1]!
  }
  return out + whole.slice(at)
}

let rings = { all: new Int32Array(0), out: new Int32Array(0) }

/**
 * Where pieces of the key stand in `text`, as [start, end) pairs in order, overlapping or
 * touching ones made one. Two readings run side by side: one of every character (a key
 * inside a tag's attribute) and one that passes over tags and comments (a key cut up by
 * them).
 */
function keySpans(text: string, pieces: KeyPieces, min: number): number[] {
  const { column, width, next, link, len } = pieces
  const spans: number[] = []
  const ring = pieces.longest + 1
  // Two readings, each: its state, its match's length, how many characters it has read,
  // and where each of the last `ring` characters started in the text. The rings are
  // shared by every call (a slot is always written before it is read): two new arrays
  // for each of a catalogue's half a million strings were garbage main had to collect.
  if (rings.all.length < ring) rings = { all: new Int32Array(ring), out: new Int32Array(ring) }
  const startsAll = rings.all
  const startsOut = rings.out
  let sAll = 0
  let lAll = 0
  let nAll = 0
  let sOut = 0
  let lOut = 0
  let nOut = 0
  // Made at the first `<`: most strings have none, and each finder is an object to collect.
  let tags: ReturnType<typeof tagFinder> | null = null
  let tagEnd = -1
  for (let i = 0; i < text.length;) {
    const start = i
    let code = text.charCodeAt(i)
    i++
    if (code === AMPERSAND || code === BACKSLASH) {
      const decoded = decodeAt(text, start)
      if (decoded) {
        code = decoded.code
        i = decoded.end
      }
    }
    if (code >= 65 && code <= 90) code += 32
    else if (code === LESS_THAN && start > tagEnd) tagEnd = (tags ??= tagFinder(text)).endOf(start)
    else if (code > 0x7f && isInvisible(code)) continue
    const col = column[code]!
    const outside = start > tagEnd
    if (col < 0) {
      sAll = lAll = 0
      if (outside) sOut = lOut = 0
      continue
    }
    // The reading of every character.
    while (sAll !== 0 && next[sAll * width + col]! < 0) {
      sAll = link[sAll]!
      lAll = len[sAll]!
    }
    const toAll = next[sAll * width + col]!
    if (toAll < 0) sAll = lAll = 0
    else {
      sAll = toAll
      lAll++
    }
    startsAll[nAll++ % ring] = start
    if (lAll >= min) addSpan(spans, startsAll[(nAll - lAll) % ring]!, i)
    if (!outside) continue
    // The reading that passes over tags.
    while (sOut !== 0 && next[sOut * width + col]! < 0) {
      sOut = link[sOut]!
      lOut = len[sOut]!
    }
    const toOut = next[sOut * width + col]!
    if (toOut < 0) sOut = lOut = 0
    else {
      sOut = toOut
      lOut++
    }
    startsOut[nOut++ % ring] = start
    if (lOut >= min) addSpan(spans, startsOut[(nOut - lOut) % ring]!, i)
  }
  return spans
}

/** Ends only grow: a new span swallows the last ones, extends the last, or follows it. */
function addSpan(spans: number[], start: number, end: number): void {
  while (spans.length > 0 && spans[spans.length - 2]! >= start) spans.length -= 2
  if (spans.length > 0 && spans[spans.length - 1]! >= start) spans[spans.length - 1] = end
  else spans.push(start, end)
}

const AMPERSAND = 38
const BACKSLASH = 92
const LESS_THAN = 60

/** Characters that show as nothing: a key with them between its letters reads the same. */
function isInvisible(code: number): boolean {
  return (
    code === 0xad ||
    code === 0x34f ||
    code === 0x180e ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2060 && code <= 0x2064) ||
    code === 0xfeff
  )
}

const NAMED: Readonly<Record<string, number>> = {
  amp: 38,
  lt: 60,
  gt: 62,
  quot: 34,
  apos: 39,
  sol: 47,
  plus: 43,
  equals: 61,
  percnt: 37,
  shy: 0xad,
  zwj: 0x200d,
  zwnj: 0x200c,
  ZeroWidthSpace: 0x200b,
  NoBreak: 0x2060
}

/** An HTML entity (`&#97;`, `&#x61;`, `&shy;`) or a `\u0061` escape at `at`, decoded. */
function decodeAt(text: string, at: number): { code: number; end: number } | null {
  // Bounded look-ahead: a few characters, never a search.
  const head = text.slice(at, at + 16)
  const m =
    /^&#(\d{1,7});/.exec(head) ??
    /^&#[xX]([0-9a-fA-F]{1,6});/.exec(head) ??
    /^&([A-Za-z]{2,14});/.exec(head) ??
    /^\\u([0-9a-fA-F]{4})/.exec(head)
  if (!m) return null
  const body = m[1]!
  const code =
    head.startsWith('&#x') || head.startsWith('&#X') || head.startsWith('\\u')
      ? parseInt(body, 16)
      : head.startsWith('&#')
        ? parseInt(body, 10)
        : NAMED[body]
  if (code === undefined || code > 0xffff) return null
  return { code, end: at + m[0].length }
}

/**
 * Where the tag or comment opening at a `<` ends (its `>`), or the `<` itself when none
 * does within a short reach. The next `>` is found once and kept, so a text full of `<`
 * is still read in one pass.
 */
function tagFinder(text: string): { endOf(at: number): number } {
  const MAX_TAG = 1024
  let gt = -2
  return {
    endOf(at) {
      const after = text.charCodeAt(at + 1)
      const opens =
        (after >= 65 && after <= 90) ||
        (after >= 97 && after <= 122) ||
        after === 47 || // </b>
        after === 33 || // <!-- -->
        after === 63 // <?x ?>
      if (!opens) return at - 1
      if (gt !== -1 && gt <= at) gt = text.indexOf('>', at + 1)
      if (gt === -1 || gt - at > MAX_TAG) return at - 1
      return gt
    }
  }
}

/**
 * A marketplace answer with the key masked in every string it holds, object keys
 * included (an item's options map is keyed by what the server sent). Applied to every
 * answer before main stores it or hands it on, so a server that echoes the key into an
 * account field, an item's name or a purchase's licence gets it nowhere.
 */
export function scrubKeyDeep<T>(value: T, apiKey: string): T {
  return scrubAny(value, apiKey) as T
}

/**
 * Values already scrubbed for a key, passed over by the deep scrubs: the item list a parse
 * thread read and scrubbed (items-worker/), so main does not read every string of it a
 * second time (four seconds of main's CPU at 100,000 items). Only the very same object, and
 * only for the very same key, is passed over; anything built from it is scrubbed again.
 */
const scrubbedFor = new WeakMap<readonly unknown[], string>()

/** Says that a list holds no piece of `apiKey`: the deep scrubs for that key pass it over. */
export function markScrubbed<T extends readonly unknown[]>(value: T, apiKey: string): T {
  scrubbedFor.set(value, apiKey)
  return value
}

const scrubbedAlready = (value: readonly unknown[], apiKey: string): boolean =>
  scrubbedFor.get(value) === apiKey

/** Array entries scrubbed between two steps (util/steps.ts): about a millisecond of work. */
const ENTRIES_PER_STEP = 32

/**
 * scrubKeyDeep in time slices: a whole catalogue is half a million strings (half a second
 * of one core at 10,000 items on a busy machine), read here a few dozen items at a time.
 */
export function scrubKeyDeepSliced<T>(value: T, apiKey: string, slices: TimeSlices): Promise<T> {
  return runStepsSliced(scrubSteps(value, apiKey), slices) as Promise<T>
}

/**
 * scrubAny as steps: arrays (the item list) yield between their entries, objects pass the
 * steps of their values on; anything below an array's entry is scrubbed in one go.
 */
function* scrubSteps(value: unknown, apiKey: string): Steps<unknown> {
  if (Array.isArray(value)) {
    if (scrubbedAlready(value, apiKey)) return value
    let out: unknown[] | null = null
    for (let i = 0; i < value.length; i++) {
      if (i % ENTRIES_PER_STEP === ENTRIES_PER_STEP - 1) yield
      const v: unknown = value[i]
      const s = scrubAny(v, apiKey)
      if (s !== v && out === null) out = value.slice(0, i) as unknown[]
      if (out !== null) out.push(s)
    }
    return out ?? value
  }
  if (!isPlainObject(value)) return scrubAny(value, apiKey)
  let changed = false
  const scrubbed: Array<[string, unknown]> = []
  for (const [k, v] of Object.entries(value)) {
    const sk = scrubKey(k, apiKey, MIN_KEY_FRAGMENT_IN_DATA)
    const sv = yield* scrubSteps(v, apiKey)
    if (sk !== k || sv !== v) changed = true
    scrubbed.push([sk, sv])
  }
  return changed ? Object.fromEntries(scrubbed) : value
}

/** Only plain data is rebuilt; anything else (a stream, a Date) is passed on as it is. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * Copy on write: a value holding no piece of the key comes back as the very same object,
 * so a 10,000-item catalogue is searched, not rebuilt (a second full copy of it was most
 * of the host's memory peak on a refresh). Only the branches that change are new.
 */
function scrubAny(value: unknown, apiKey: string): unknown {
  if (typeof value === 'string') return scrubKey(value, apiKey, MIN_KEY_FRAGMENT_IN_DATA)
  if (Array.isArray(value)) {
    if (scrubbedAlready(value, apiKey)) return value
    let out: unknown[] | null = null
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i]
      const s = scrubAny(v, apiKey)
      if (s !== v && out === null) out = value.slice(0, i) as unknown[]
      if (out !== null) out.push(s)
    }
    return out ?? value
  }
  if (value !== null && typeof value === 'object') {
    if (!isPlainObject(value)) return value
    const entries = Object.entries(value)
    let changed = false
    const scrubbed = entries.map(([k, v]): [string, unknown] => {
      const sk = scrubKey(k, apiKey, MIN_KEY_FRAGMENT_IN_DATA)
      const sv = scrubAny(v, apiKey)
      if (sk !== k || sv !== v) changed = true
      return [sk, sv]
    })
    if (!changed) return value
    const out: Record<string, unknown> = {}
    for (const [k, v] of scrubbed) out[k] = v
    return out
  }
  return value
}
