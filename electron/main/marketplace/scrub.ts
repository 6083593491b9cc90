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

/** ASCII-only lower-casing: keeps every index where it was (toLowerCase may not, e.g. 'İ'). */
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase())

/**
 * The spellings a key takes on its way back from a server: as sent, URL-encoded (a query
 * string, a path), form-encoded (a POST body: space as `+`), with JSON's escaped slash.
 * A key holding `+ / =` differs in each; a hex key is the same in all of them.
 */
function spellings(apiKey: string): string[] {
  const url = encodeURIComponent(apiKey)
  const form = new URLSearchParams({ k: apiKey }).toString().slice(2)
  const json = apiKey.replace(/\//g, '\\/')
  return [...new Set([apiKey, url, form, json].map(asciiLower))]
}

// A refresh scrubs every string of a catalogue (about 500,000 at 10,000 items) with one
// key: working the spellings out per string blocked main for 0.7 to 1.8 s a refresh.
let lastKey: string | null = null
let lastForms: string[] = []

function keyForms(apiKey: string): string[] {
  if (apiKey !== lastKey) {
    lastForms = spellings(apiKey)
    lastKey = apiKey
  }
  return lastForms
}

type Span = [start: number, end: number]

/** Where `form` (lower-case), or a run of 8 or more of its characters, occurs in `text`, in any case. */
function spansOf(text: string, form: string, min: number): Span[] {
  const spans: Span[] = []
  if (form.length < min) {
    // Too short for pieces to mean anything: only the whole of it counts.
    const lower = asciiLower(text)
    for (let at = lower.indexOf(form); at !== -1; at = lower.indexOf(form, at + form.length))
      spans.push([at, at + form.length])
    return spans
  }
  // Every piece of the key lies inside a run of the key's own characters: only those runs
  // are searched, so scrubbing a whole catalogue costs little more than one regex pass.
  for (const run of text.matchAll(runsOf(form, min))) {
    const lower = asciiLower(run[0])
    let i = 0
    while (i + min <= lower.length) {
      if (!form.includes(lower.slice(i, i + min))) {
        i++
        continue
      }
      // The longest piece of the key starting here (the whole key included).
      let len = min
      while (i + len < lower.length && form.includes(lower.slice(i, i + len + 1))) len++
      spans.push([run.index + i, run.index + i + len])
      i += len
    }
  }
  return spans
}

const runPatterns = new Map<string, RegExp>()

function runsOf(form: string, min: number): RegExp {
  const id = `${min} ${form}`
  let pattern = runPatterns.get(id)
  if (!pattern) {
    const chars = [...new Set(form)].map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('')
    pattern = new RegExp(`[${chars}]{${min},}`, 'gi')
    if (runPatterns.size > 16) runPatterns.clear()
    runPatterns.set(id, pattern)
  }
  return pattern
}

/**
 * Text with the key, and every run of 8 or more characters that is part of it, masked,
 * in any letter case and in its URL-encoded, form-encoded and JSON-escaped spellings.
 * A server may echo the key into a field or a message, and error messages quote raw
 * values cut short: a cut-off quote of the key is still a large share of it.
 */
export function scrubKey(whole: string, apiKey: string, minPiece = MIN_KEY_FRAGMENT): string {
  if (apiKey === '') return whole
  const forms = keyForms(apiKey)
  // Text shorter than any piece worth hiding holds none (most of an item's strings).
  if (whole.length < minPiece && forms.every((f) => whole.length < f.length)) return whole
  // Spans of every spelling are found in the original text and masked together: masking
  // one spelling first would cut another's echo into pieces too short to recognise.
  const spans = forms.flatMap((form) => spansOf(whole, form, minPiece)).sort((a, b) => a[0] - b[0])
  if (spans.length === 0) return whole
  let out = ''
  let at = 0
  let open: Span | null = null
  for (const [a, b] of spans) {
    // Overlapping or touching spans make one mask.
    if (open && a <= open[1]) {
      open[1] = Math.max(open[1], b)
      continue
    }
    if (open) {
      out += whole.slice(at, open[0]) + KEY_MASK
      at = open[1]
    }
    open = [a, b]
  }
  if (open) {
    out += whole.slice(at, open[0]) + KEY_MASK
    at = open[1]
  }
  return out + whole.slice(at)
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
 * Copy on write: a value holding no piece of the key comes back as the very same object,
 * so a 10,000-item catalogue is searched, not rebuilt (a second full copy of it was most
 * of the host's memory peak on a refresh). Only the branches that change are new.
 */
function scrubAny(value: unknown, apiKey: string): unknown {
  if (typeof value === 'string') return scrubKey(value, apiKey, MIN_KEY_FRAGMENT_IN_DATA)
  if (Array.isArray(value)) {
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
    const proto = Object.getPrototypeOf(value) as unknown
    // Only plain data is rebuilt; anything else (a stream, a Date) is passed on as it is.
    if (proto !== Object.prototype && proto !== null) return value
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
