import type { GoalCheck, MeasureResult } from './types'

/**
 * Issues 15's and 34's goals, held here rather than in the measures so a measure's file only measures.
 * A goal finds its figure or ratio by measure id and label; one that finds none is listed
 * under the table, so a renamed label cannot drop a goal unseen. KB and MB are the issue's:
 * 1,000 and 1,000,000 bytes.
 */
interface Goal {
  measure: string
  kind: 'figure' | 'ratio'
  label: RegExp
  on: GoalCheck['on']
  /** The goal at this catalogue size; null: none at this size. */
  max(size: number): number | null
  text(size: number): string
}

const always = (n: number) => (): number => n

/** Issue 34's peak RSS across a launch and its refresh, wherever a measure takes it. */
const PEAK_RSS: Omit<Goal, 'measure'> = {
  kind: 'figure',
  label: /^host peak RSS/,
  on: 'value',
  max: (size) => (size >= 100_000 ? 400_000_000 : size <= 10_000 ? 200_000_000 : null),
  text: (size) => (size >= 100_000 ? '<= 400 MB at 100,000 items' : '<= 200 MB')
}

const GOALS: readonly Goal[] = [
  {
    // "Main answers the cached list": the Items view's read, queryItems (list read and
    // indexed, first window answered). listItems, the whole list for scripts, is shown beside.
    measure: 'p1',
    kind: 'ratio',
    label: /^queryItems first window \/ raw parse/,
    on: 'value',
    max: always(1.5),
    text: () => '<= 1.5x'
  },
  {
    // Issue 34: the whole list for scripts, read from the cache by a fresh process.
    measure: 'p1',
    kind: 'figure',
    label: /^main: listItems handler answers/,
    on: 'p50',
    max: (size) => (size >= 100_000 ? 3000 : null),
    text: () => '<= 3 s at 100,000 items'
  },
  {
    measure: 'p1',
    kind: 'figure',
    label: /navigation start -> first item card/,
    on: 'p50',
    max: always(300),
    text: () => '<= 300 ms'
  },
  {
    measure: 'p2',
    kind: 'figure',
    label: /^type a letter/,
    on: 'p95',
    max: (size) => (size >= 100_000 ? 33 : 16),
    text: (size) => (size >= 100_000 ? '<= 33 ms at 100,000 items' : '<= 16 ms (one frame)')
  },
  {
    // Issue 34: keys typed while the launch refresh runs answer as they do after it, at
    // 10,000 and at 100,000 items alike.
    measure: 'p2b',
    kind: 'figure',
    label: /while the launch refresh runs/,
    on: 'p95',
    max: always(100),
    text: () => '<= 100 ms'
  },
  {
    measure: 'p2b',
    kind: 'ratio',
    label: /^during the refresh \/ after it/,
    on: 'value',
    max: always(1.5),
    text: () => '<= 1.5x'
  },
  {
    // Issue 34: once the refresh is over, a key answers about as fast as the least page
    // doing one HTTP round trip per key, measured in the same run.
    measure: 'p2b',
    kind: 'ratio',
    label: /^after the refresh \/ the bare page/,
    on: 'value',
    max: always(1.2),
    text: () => '<= 1.2x'
  },
  {
    measure: 'p3',
    kind: 'ratio',
    label: /^app overhead over the raw trip \(p50\)/,
    on: 'value',
    max: always(5),
    text: () => '<= +5 ms'
  },
  {
    measure: 'p4',
    kind: 'ratio',
    label: /^total \/ minimum/,
    on: 'value',
    max: always(1.1),
    text: () => '<= 1.10x'
  },
  {
    measure: 'p4',
    kind: 'figure',
    label: /^429 answers/,
    on: 'value',
    max: always(0),
    text: () => 'none'
  },
  {
    measure: 'p4',
    kind: 'figure',
    label: /single lookup|lookup during/i,
    on: 'p95',
    max: always(1000),
    text: () => '<= 1 s'
  },
  {
    measure: 'p5',
    kind: 'figure',
    label: /^JS loaded before first paint, gzipped/,
    on: 'value',
    max: always(120_000),
    text: () => '<= 120 KB'
  },
  {
    measure: 'p5',
    kind: 'figure',
    label: /^JS all, gzipped/,
    on: 'value',
    max: always(175_000),
    text: () => '<= 175 KB'
  },
  {
    measure: 'p6',
    kind: 'figure',
    label: /^spawned process: spawn -> first item card/,
    on: 'p50',
    max: always(600),
    text: () => '<= 600 ms'
  },
  {
    // Issue 34: main's loop never held longer than this by a refresh (the slowest run's max).
    measure: 'p7',
    kind: 'figure',
    label: /^loop delay max across a refresh/,
    on: 'p95',
    max: (size) => (size >= 100_000 ? 100 : 50),
    text: (size) => (size >= 100_000 ? '<= 100 ms at 100,000 items' : '<= 50 ms')
  },
  {
    // Issue 34 (tighter than issue 15's 250 MB at 10,000): the peak covers the launch refresh
    // the host runs from the demo. Sizes between the two have no goal.
    measure: 'memory',
    ...PEAK_RSS
  },
  {
    // The same goal for a launch whose seller searches while that refresh runs.
    measure: 'p2b',
    ...PEAK_RSS
  }
]

function check(goal: Goal, max: number, actual: number, size: number): GoalCheck {
  return {
    text: goal.text(size),
    on: goal.on,
    max,
    actual,
    ratio: max === 0 ? null : actual / max,
    met: actual <= max
  }
}

/**
 * Sets `goal` on every figure and ratio a goal names; returns the goals of the measures
 * that ran which matched nothing, as lines for under the table.
 */
export function applyGoals(results: MeasureResult[], size: number): string[] {
  const unmatched: string[] = []
  for (const goal of GOALS) {
    const max = goal.max(size)
    const r = results.find((x) => x.id === goal.measure)
    if (max === null || !r || r.status !== 'measured') continue
    let matched = 0
    if (goal.kind === 'ratio') {
      for (const x of r.ratios.filter((x) => goal.label.test(x.label))) {
        x.goal = check(goal, max, x.value, size)
        matched++
      }
    } else {
      for (const f of r.figures.filter((x) => goal.label.test(x.label))) {
        const actual = f[goal.on]
        if (actual !== undefined) f.goal = check(goal, max, actual, size)
        matched++
      }
    }
    if (matched === 0)
      unmatched.push(
        `${goal.measure.toUpperCase()} ${goal.text(size)}: no ${goal.kind} matches ${goal.label}`
      )
  }
  return unmatched
}

/** "3 of 7 goals met" over the figures that have one. */
export function goalSummary(results: readonly MeasureResult[]): { met: number; of: number } {
  let met = 0
  let of = 0
  for (const r of results) {
    if (r.status !== 'measured') continue
    for (const x of [...r.figures, ...r.ratios]) {
      if (!x.goal) continue
      of++
      if (x.goal.met) met++
    }
  }
  return { met, of }
}
