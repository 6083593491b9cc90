import type { BenchContext } from './context'

/**
 * What every measure hands back. A measure either has figures or says why it has none:
 * the runner never prints a number nobody measured.
 */
export type Unit = 'ms' | 'bytes' | 'count'

export interface Figure {
  label: string
  unit: Unit
  /** Repeated timings: how many runs the percentiles come from. */
  runs?: number
  p50?: number
  p95?: number
  /** A single value (a size, a total, a count). */
  value?: number
  /** Set instead of numbers when this part could not be measured, with why. */
  notMeasured?: string
}

export interface Ratio {
  label: string
  /** 3.4 with unit 'x' reads "3.4x"; with 'ms' it is an overhead. */
  value: number
  unit: 'x' | 'ms' | '%'
}

export interface Measured {
  figures: Figure[]
  ratios: Ratio[]
  notes: string[]
}

export type MeasureResult =
  | ({ id: string; title: string; status: 'measured' } & Measured)
  | { id: string; title: string; status: 'not-measured'; reason: string }

export interface BenchOptions {
  /** Overrides every measure's default number of repeated runs. */
  runs: number | null
  /** P4 against the demo's full 60-a-minute default instead of a scaled window. */
  fullLimit: boolean
  /** Items in the demo catalogue. */
  size: number
}

/** Thrown when a piece the measure needs is not there: reported as "not measured: <reason>". */
export class NotMeasurable extends Error {
  override name = 'NotMeasurable'
}

export interface Measure {
  id: string
  title: string
  run(ctx: BenchContext): Promise<Measured>
}
