import type {
  BalanceChange,
  BalanceRange,
  BalanceSeries,
  ConnectionWatch
} from '../../../shared/ipc/balance-schemas'
import type { BalanceRecord } from './balance-log'
import { startOfLocalDay, startOfLocalMonth } from './days'

/** The most points the chart is sent: beyond a few thousand a line chart shows no more. */
export const MAX_POINTS = 2000
/** Ranges longer than this show their increases per month: ten years of daily bars is noise. */
const MONTHLY_AFTER_DAYS = 180
const DAY_MS = 86_400_000
const RANGE_DAYS: Record<Exclude<BalanceRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 }

interface Step {
  at: number
  cents: number
  currency: string | null
  /** The change from the reading before it, in log order; null after a currency change. */
  delta: number | null
}

/**
 * Deltas are taken in log order, the order the readings were made: with the clock set back
 * a later reading can carry an earlier time, and sorting first would invent a change.
 */
function stepsOf(records: readonly BalanceRecord[]): Step[] {
  const steps: Step[] = []
  let before: BalanceRecord | null = null
  for (const r of records) {
    const at = Date.parse(r.at)
    if (!Number.isFinite(at)) continue
    const comparable = before !== null && before.currency === r.currency
    steps.push({
      at,
      cents: r.cents,
      currency: r.currency,
      delta: comparable ? r.cents - before!.cents : null
    })
    before = r
  }
  return steps
}

function thin(points: { at: number; cents: number }[], start: number, end: number) {
  if (points.length <= MAX_POINTS) return points
  // The last reading of each slice of time: what the balance was at the slice's end.
  const slice = Math.max(1, (end - start) / (MAX_POINTS - 1))
  const kept: { at: number; cents: number }[] = [points[0]!]
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!
    const next = points[i + 1]
    if (!next || Math.floor((next.at - start) / slice) !== Math.floor((p.at - start) / slice))
      kept.push(p)
  }
  return kept
}

export function seriesOf(
  records: readonly BalanceRecord[],
  range: BalanceRange,
  now: Date,
  watch: ConnectionWatch | null
): BalanceSeries {
  const steps = stepsOf(records)
  const currency = steps.at(-1)?.currency ?? null
  const same = steps.filter((s) => s.currency === currency)
  const sorted = [...same].sort((a, b) => a.at - b.at)
  const first = sorted[0]?.at ?? now.getTime()
  const start = range === 'all' ? first : now.getTime() - RANGE_DAYS[range] * DAY_MS
  const inRange = sorted.filter((s) => s.at >= start)
  const before = sorted.filter((s) => s.at < start).at(-1)
  // The balance held at the range's start: the line begins at its left edge.
  const line = [...(before ? [{ at: start, cents: before.cents }] : []), ...inRange]
  const points = thin(
    line.map((s) => ({ at: s.at, cents: s.cents })),
    start,
    now.getTime()
  )

  const monthly = range === 'all' && now.getTime() - first > MONTHLY_AFTER_DAYS * DAY_MS
  // A bucket's bounds are worked out once per bucket, not once per change: ten years of
  // changes would otherwise make a Date or two each.
  let bucket = { start: 0, end: 0 }
  const bucketOf = (at: number): number => {
    if (at < bucket.start || at >= bucket.end) {
      const d = new Date(at)
      const start = monthly ? startOfLocalMonth(d) : startOfLocalDay(d)
      const end = monthly
        ? new Date(start.getFullYear(), start.getMonth() + 1, 1)
        : new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1)
      bucket = { start: start.getTime(), end: end.getTime() }
    }
    return bucket.start
  }
  const increases = new Map<number, number>()
  const today = startOfLocalDay(now)
  const todayStart = today.getTime()
  const todayEnd = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).getTime()
  let todayCents = 0
  let lastChange: BalanceChange | null = null
  let last: Step | null = null
  for (const s of same) {
    if (s.delta === null || s.delta === 0) continue
    last = s
    if (s.delta < 0) continue
    if (s.at >= todayStart && s.at < todayEnd) todayCents += s.delta
    if (s.at < start) continue
    const b = bucketOf(s.at)
    increases.set(b, (increases.get(b) ?? 0) + s.delta)
  }
  if (last)
    lastChange = {
      at: new Date(last.at).toISOString(),
      deltaCents: last.delta!,
      cents: last.cents,
      currency
    }

  return {
    currency,
    points: points.map((p) => ({ at: new Date(p.at).toISOString(), cents: p.cents })),
    increases: [...increases.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([at, cents]) => ({ start: new Date(at).toISOString(), cents })),
    bucket: monthly ? 'month' : 'day',
    otherCurrency: same.length !== steps.length,
    lastChange,
    todayCents,
    watch
  }
}
