/**
 * Money as whole cents (hundredths of the currency). Marketplaces send balances as floats
 * with artefacts ("1284.5700000000002") or as strings ("-12.5"): compared as floats, two
 * readings of one balance can differ, so every comparison is made in integer cents.
 */
export function toCents(value: number | string): number | null {
  const text = typeof value === 'string' ? value.trim() : null
  const n =
    typeof value === 'number'
      ? value
      : text !== null && /^-?\d+(\.\d+)?$/.test(text)
        ? Number(text)
        : NaN
  if (!Number.isFinite(n)) return null
  // Rounded away from zero at the half cent on both sides, so -12.345 and 12.345 mirror.
  const cents = Math.sign(n) * Math.round(Math.abs(n) * 100)
  return cents === 0 ? 0 : cents
}

/** "$1,305.67", "€21.10", "1,305.67" when the marketplace named no currency. */
export function formatCents(cents: number, currency: string | null): string {
  const amount = cents / 100
  if (currency) {
    try {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount)
    } catch {
      // Not an ISO code (some installs send a symbol or a word): shown beside the number.
    }
  }
  const plain = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2
  }).format(amount)
  return currency ? `${plain} ${currency}` : plain
}

/** "+$21.10", "−$50.00" (a true minus sign). */
export function formatDelta(cents: number, currency: string | null): string {
  const sign = cents < 0 ? '\u2212' : '+'
  return `${sign}${formatCents(Math.abs(cents), currency)}`
}
