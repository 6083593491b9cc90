import { normalisePurchaseCode } from '../../../shared/purchase-code'

export { isUuidShaped, shortCode } from '../../../shared/purchase-code'

/** Trimmed, unquoted and lower-cased, as the marketplace compares them. */
export function normaliseCode(input: string): string {
  return normalisePurchaseCode(input).code
}

/**
 * A paste that is one whole code (one token, long enough to be a code rather than a
 * fragment) is checked at once; anything else just lands in the field.
 */
export function isWholeCodePaste(text: string): boolean {
  const t = text.trim()
  return t.length >= 8 && t.length <= 200 && !/\s/.test(t)
}
