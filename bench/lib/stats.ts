import type { Figure, Ratio } from './types'

/** Nearest-rank percentile: always a value that was actually observed. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values')
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[Math.min(rank, sorted.length) - 1]!
}

export function timing(label: string, samples: readonly number[]): Figure {
  return {
    label,
    unit: 'ms',
    runs: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    samples: samples.map((n) => round(n))
  }
}

export const round = (n: number, digits = 1): number => {
  const f = 10 ** digits
  return Math.round(n * f) / f
}

/**
 * What a page adds to a raw HTTP round trip, at p50 and at p95 (P3's goal is on the p50).
 * `who` starts each label: "app " or "P3 floor: ".
 */
export function overRawTrip(who: string, page: Figure, raw: Figure): Ratio[] {
  return (['p50', 'p95'] as const).map((p) => ({
    label: `${who}overhead over the raw trip (${p})`,
    value: round(page[p]! - raw[p]!, 1),
    unit: 'ms'
  }))
}
