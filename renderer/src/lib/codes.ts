/**
 * Purchase codes. Real installs issue lower-case UUID v4s; older docs show other shapes,
 * so a code that does not look like a UUID is warned about, never refused.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Trimmed and lower-cased, as the marketplace compares them. */
export function normaliseCode(input: string): string {
  return input.trim().toLowerCase()
}

export function isUuidShaped(code: string): boolean {
  return UUID.test(normaliseCode(code))
}

/**
 * A paste that is one whole code (one token, long enough to be a code rather than a
 * fragment) is checked at once; anything else just lands in the field.
 */
export function isWholeCodePaste(text: string): boolean {
  const t = text.trim()
  return t.length >= 8 && t.length <= 200 && !/\s/.test(t)
}

/** Short form for lists: the first and last groups, enough to tell codes apart. */
export function shortCode(code: string): string {
  return code.length > 18 ? `${code.slice(0, 8)}…${code.slice(-4)}` : code
}
