import { normalisePurchaseCode } from '../../../shared/purchase-code'

export { isUuidShaped, shortCode } from '../../../shared/purchase-code'

/** Trimmed, unquoted and lower-cased, as the marketplace compares them. */
export function normaliseCode(input: string): string {
  return normalisePurchaseCode(input).code
}
