import { normalisePurchaseCode } from '../../../shared/purchase-code'

export { isUuidShaped, shortCode } from '../../../shared/purchase-code'

/** Trimmed, unquoted and lower-cased, as the marketplace compares them. */
export function normaliseCode(input: string): string {
  return normalisePurchaseCode(input).code
}

/**
 * Whether the text, normalised, is one word: only then can it be sent as a code (main
 * refuses anything holding a space or a line break as invalid input).
 */
export function isOneWord(input: string): boolean {
  const code = normaliseCode(input)
  return code !== '' && !/\s/.test(code)
}
