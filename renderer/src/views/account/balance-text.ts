import type { BalanceRange, BalanceSeries } from '../../../../shared/ipc/contract'
import { formatDateTime, formatMoney } from '../../lib/format'

export const RANGES: Array<{ value: BalanceRange; label: string }> = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: 'all', label: 'All' }
]

export const money = (cents: number, currency: string | null): string =>
  formatMoney(cents / 100, currency)

/** "27 Nov, 14:02 · $1,305.67": what hover or focus on a point shows. */
export function pointText(at: string, cents: number, currency: string | null): string {
  return `${formatDateTime(at)} · ${money(cents, currency)}`
}

/** The chart in one or two sentences: its text alternative. */
export function seriesSummary(series: BalanceSeries, range: BalanceRange): string {
  const label = RANGES.find((r) => r.value === range)?.label ?? ''
  const words = range === 'all' ? 'all readings' : `the last ${label}`
  const { points, currency, increases } = series
  if (points.length === 0) return `No balance readings in ${words} yet.`
  const first = points[0]!
  const last = points.at(-1)!
  const total = increases.reduce((sum, d) => sum + d.cents, 0)
  const days = increases.length
  const unit = series.bucket === 'month' ? 'month' : 'day'
  const rises =
    total > 0
      ? ` Increases came to ${money(total, currency)} on ${days} ${unit}${days === 1 ? '' : 's'}.`
      : ' No increases.'
  return `Over ${words} the balance went from ${money(first.cents, currency)} to ${money(last.cents, currency)}.${rises}`
}
