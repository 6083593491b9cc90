/**
 * Purchase codes: the one place that says what a code looks like and how pasted text
 * becomes one. The Validate field, bulk checks, the quick lookup and main's client all
 * use these, so a code found in one place is found the same way everywhere.
 *
 * Real installs issue lower-case UUID v4s; older docs show a 35-character dash-grouped
 * example; other sites may use other tokens. So a code that is not a UUID is warned
 * about, never refused.
 */

/**
 * How much of a paste a single check searches: more than any support mail. A copied log
 * file is cut here rather than scanned whole (ten million characters overflowed the
 * finder's regular expression).
 */
export const MAX_SCANNED_TEXT = 100_000

/** At most this many codes per bulk job: more is a paste mistake, and hours of pacing. */
export const MAX_BULK_CODES = 2_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Zero-width characters and the BOM ride along when codes are copied from web pages and e-mails. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g
const QUOTE_CHARS = `"'\`\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u00ab\u00bb`
/** Dash-grouped tokens (UUIDs and the docs' example), found anywhere in a line. */
const GROUPED = /(?<![0-9a-z-])[0-9a-z]+(?:-[0-9a-z]+){3,}(?![0-9a-z-])/gi
/** A line that is nothing but one token of another shape a site may use. */
const LONE_TOKEN = /^[0-9a-z_-]{8,100}$/i

/**
 * What a seller pasted, as the server expects it: invisible characters dropped, trimmed,
 * surrounding quotes removed, lower-case. `looksLikeUuid` feeds a warning only.
 */
export function normalisePurchaseCode(input: string): { code: string; looksLikeUuid: boolean } {
  let code = input.replace(INVISIBLE, '').trim()
  for (;;) {
    const first = code.charAt(0)
    const last = code.charAt(code.length - 1)
    if (code.length >= 2 && QUOTE_CHARS.includes(first) && QUOTE_CHARS.includes(last)) {
      code = code.slice(1, -1).trim()
    } else break
  }
  code = code.toLowerCase()
  return { code, looksLikeUuid: UUID.test(code) }
}

export function isUuidShaped(code: string): boolean {
  return normalisePurchaseCode(code).looksLikeUuid
}

/** Trimmed, unquoted and lower-cased, as the marketplace compares them. */
export function normaliseCode(input: string): string {
  return normalisePurchaseCode(input).code
}

/**
 * Whether the text, normalised, is one word: only then can it be sent as a code. A code
 * never holds a space or a line break: such text is a sentence, and sending it would only
 * earn a "not valid" and a junk line in the history (main refuses it as invalid input).
 */
export function isOneWord(input: string): boolean {
  const code = normaliseCode(input)
  return code !== '' && !/\s/.test(code)
}

/** A line with trailing separators and surrounding quotes taken off. */
function unwrapLine(line: string): string {
  return normalisePurchaseCode(line.replace(/[,;]+$/, '')).code
}

/**
 * Every purchase code in pasted text: an e-mail, a CSV export, a chat log, a sentence or
 * one code a line. Dash-grouped codes count anywhere in a line; a line holding nothing but
 * one code-like token (a digit and a letter, or 16+ characters) counts too. Normalised,
 * duplicates merged, in the order first seen, at most `limit`.
 */
export function extractCodes(text: string, limit: number = MAX_BULK_CODES): string[] {
  const seen = new Set<string>()
  const add = (raw: string): void => {
    const code = normalisePurchaseCode(raw).code
    if (code !== '' && !seen.has(code) && seen.size < limit) seen.add(code)
  }
  for (const rawLine of text.replace(INVISIBLE, '').split(/\r\n|\r|\n/)) {
    const line = rawLine.trim()
    if (line === '') continue
    let found = false
    for (const m of line.matchAll(GROUPED)) {
      if (m[0].length < 30 || m[0].length > 40) continue
      add(m[0])
      found = true
    }
    if (found) continue
    const lone = unwrapLine(line)
    // "2024-05-01" or "Thanks" alone is not a code.
    if (LONE_TOKEN.test(lone) && /\d/.test(lone) && (/[a-z]/i.test(lone) || lone.length >= 16))
      add(lone)
  }
  return [...seen]
}

/** What one field's text holds, for a single check; `cut` when only its start was searched. */
export type CodeScan = { cut: boolean } &
  /** Nothing code-shaped: the seller is told before anything is sent. */
  (
    | { kind: 'none'; text: string }
    /** Exactly one code: check `code`. */
    | { kind: 'one'; code: string; looksLikeUuid: boolean; extracted: boolean }
    /** Several: check `code` (the first) or all of them in bulk. */
    | { kind: 'many'; code: string; looksLikeUuid: boolean; codes: string[] }
  )

/**
 * Code-shaped: a UUID or the docs' dash-grouped form (four or more groups, 30 to 40
 * characters). An order number like ORDER-7781-ABCD, or any other lone token, is not.
 */
function isCodeShaped(code: string): boolean {
  return code.length >= 30 && code.length <= 40 && /^[0-9a-z]+(?:-[0-9a-z]+){3,}$/i.test(code)
}

/**
 * The code a single check should send for what the seller typed or pasted (its first
 * MAX_SCANNED_TEXT characters): the same
 * extraction bulk uses, so a code inside a sentence is found and a sentence is never sent.
 * Only code-shaped tokens are checked at once: any other token (an order number, a site's
 * own code format) is "none", and the seller is asked first ("Check anyway").
 * `extracted` says the code differs from the text, so the UI shows which it checked.
 */
export function scanForCode(pasted: string): CodeScan {
  const cut = pasted.length > MAX_SCANNED_TEXT
  const text = cut ? pasted.slice(0, MAX_SCANNED_TEXT) : pasted
  const whole = normalisePurchaseCode(text).code
  const codes = extractCodes(text).filter(isCodeShaped)
  if (codes.length === 0) return { cut, kind: 'none', text: whole }
  const code = codes[0]!
  const looksLikeUuid = isUuidShaped(code)
  if (codes.length === 1)
    return { cut, kind: 'one', code, looksLikeUuid, extracted: code !== whole }
  return { cut, kind: 'many', code, looksLikeUuid, codes }
}

/** Short form for lists: the first and last groups, enough to tell codes apart. */
export function shortCode(code: string): string {
  return code.length > 18 ? `${code.slice(0, 8)}…${code.slice(-4)}` : code
}
