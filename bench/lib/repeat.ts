import { percentile } from './stats'
import type { Figure, MeasureResult, Ratio } from './types'

/** Nearest-rank median: with 3 runs, the middle one, a value that was measured. */
function median(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : percentile(values, 50)
}

function numbers(values: ReadonlyArray<number | undefined>): number[] {
  return values.filter((v): v is number => v !== undefined)
}

function mergeFigures(runs: readonly Figure[][]): Figure[] {
  const labels = [...new Set(runs.flatMap((r) => r.map((f) => f.label)))]
  return labels.map((label) => {
    const each = runs.map((r) => r.find((f) => f.label === label))
    const found = each.filter((f): f is Figure => f !== undefined && f.notMeasured === undefined)
    const first = each.find((f) => f !== undefined)!
    if (found.length === 0) return first
    const merged: Figure = { label, unit: first.unit }
    if (first.runs !== undefined) merged.runs = found[0]!.runs ?? 0
    const p50 = median(numbers(found.map((f) => f.p50)))
    const p95 = median(numbers(found.map((f) => f.p95)))
    const value = median(numbers(found.map((f) => f.value)))
    if (p50 !== undefined) merged.p50 = p50
    if (p95 !== undefined) merged.p95 = p95
    if (value !== undefined) merged.value = value
    merged.perRun = found.map((f) => {
      const one: Pick<Figure, 'p50' | 'p95' | 'value' | 'samples'> = {}
      if (f.p50 !== undefined) one.p50 = f.p50
      if (f.p95 !== undefined) one.p95 = f.p95
      if (f.samples !== undefined) one.samples = f.samples
      if (f.value !== undefined) one.value = f.value
      return one
    })
    return merged
  })
}

function mergeRatios(runs: readonly Ratio[][]): Ratio[] {
  const labels = [...new Set(runs.flatMap((r) => r.map((x) => x.label)))]
  return labels.map((label) => {
    const found = runs.flatMap((r) => r.filter((x) => x.label === label))
    const values = found.map((x) => x.value)
    return { label, unit: found[0]!.unit, value: median(values)!, perRun: values }
  })
}

/**
 * One result per measure from several whole runs: each p50, p95 and value is the median of
 * that number over the runs that measured it (not recomputed from pooled samples), each
 * ratio the median of the runs' ratios. A measure no run measured keeps the first reason.
 */
export function medianOfRuns(runs: readonly MeasureResult[][]): MeasureResult[] {
  if (runs.length === 1) return [...runs[0]!]
  const ids = [...new Set(runs.flatMap((r) => r.map((m) => m.id)))]
  return ids.map((id) => {
    const each = runs.flatMap((r) => r.filter((m) => m.id === id))
    const measured = each.filter((m) => m.status === 'measured')
    if (measured.length === 0) return each[0]!
    const first = measured[0]!
    const missed = each.length - measured.length
    return {
      id,
      title: first.title,
      status: 'measured',
      figures: mergeFigures(measured.map((m) => m.figures)),
      ratios: mergeRatios(measured.map((m) => m.ratios)),
      notes: [
        `Median of ${measured.length} whole runs${missed > 0 ? ` (${missed} more did not measure it)` : ''}; each figure's runs are in results.json (perRun).`,
        ...first.notes
      ]
    }
  })
}
