import type { BenchContext } from './context'

/**
 * What every measure hands back. A measure either has figures or says why it has none:
 * the runner never prints a number nobody measured.
 */
type Unit = 'ms' | 'bytes' | 'count'

export interface Figure {
  label: string
  unit: Unit
  /** Repeated timings: how many runs the percentiles come from. */
  runs?: number
  p50?: number
  p95?: number
  /** The timings the percentiles come from, in the order taken (0.1 ms): a slow run's place shows what it overlapped. */
  samples?: number[]
  /** A single value (a size, a total, a count). */
  value?: number
  /** Set instead of numbers when this part could not be measured, with why. */
  notMeasured?: string
  /** Set by the runner from bench/lib/goals.ts; measures leave it out. */
  goal?: GoalCheck
  /** With --repeat: this figure in each whole run (the figure itself is their median). */
  perRun?: Array<Pick<Figure, 'p50' | 'p95' | 'value' | 'samples'>>
}

export interface Ratio {
  label: string
  /** 3.4 with unit 'x' reads "3.4x"; with 'ms' it is an overhead. */
  value: number
  unit: 'x' | 'ms' | '%'
  /** Set by the runner from bench/lib/goals.ts; measures leave it out. */
  goal?: GoalCheck
  /** With --repeat: this ratio in each whole run (the value is their median). */
  perRun?: number[]
}

/** A figure held against the goal: `ratio` is figure / goal (at most 1 meets it). */
export interface GoalCheck {
  /** As the issue words it, e.g. "<= 300 ms". */
  text: string
  /** Which number of the figure is held against the goal. */
  on: 'p50' | 'p95' | 'value'
  max: number
  actual: number
  /** actual / max; null when the goal is 0 (a count that must stay nothing). */
  ratio: number | null
  met: boolean
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
  /** Where spawned app processes write `node --cpu-prof` profiles; null: not profiled. */
  cpuProf: string | null
  /** Chromium keeps its own address-bar pages, loaded in every new context (as before 2026-11-26). */
  browserUi: boolean
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
