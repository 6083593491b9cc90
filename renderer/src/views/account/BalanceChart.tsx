import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { BalanceRange, BalanceSeries } from '../../../../shared/ipc/contract'
import { formatMoney } from '../../lib/format'
import { useNow } from '../../lib/use-now'
import { pointText } from './balance-text'
import styles from './BalanceHistory.module.css'

const LINE_HEIGHT = 200
const BAR_HEIGHT = 120

/** The theme's colours, read when a chart is drawn (canvas cannot use CSS variables). */
function palette(): Record<'accent' | 'soft' | 'ok' | 'text' | 'grid', string> {
  const css = getComputedStyle(document.documentElement)
  const v = (name: string): string => css.getPropertyValue(name).trim()
  return {
    accent: v('--accent'),
    soft: v('--accent-soft'),
    ok: v('--ok'),
    text: v('--fg-subtle'),
    grid: v('--border')
  }
}

/** Changes whenever <html data-theme> does: the charts are drawn again in the new colours. */
function useThemeName(): string {
  const [theme, setTheme] = useState(() => document.documentElement.dataset['theme'] ?? 'light')
  useEffect(() => {
    const root = document.documentElement
    const seen = new MutationObserver(() => setTheme(root.dataset['theme'] ?? 'light'))
    seen.observe(root, { attributes: true, attributeFilter: ['data-theme'] })
    return () => seen.disconnect()
  }, [])
  return theme
}

function useWidth(box: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const el = box.current
    if (!el) return
    // Called once at once with the box's size, then on every change.
    const seen = new ResizeObserver(() => setWidth(el.clientWidth))
    seen.observe(el)
    return () => seen.disconnect()
  }, [box])
  return width
}

function axes(colors: ReturnType<typeof palette>, currency: string | null): uPlot.Axis[] {
  const common = {
    stroke: colors.text,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1 }
  }
  return [
    common,
    {
      ...common,
      size: 84,
      values: (_u, splits) => splits.map((v) => formatMoney(v, currency))
    }
  ]
}

interface Point {
  at: string
  cents: number
}

/**
 * The balance as a stepped line (it holds until the next change) over the increases as
 * bars. uPlot draws on canvas; hover, or the arrow keys on the focused chart, show a
 * point's date and amount in the readout, which is announced.
 */
const RANGE_DAYS: Record<BalanceRange, number | null> = { '7d': 7, '30d': 30, '90d': 90, all: null }

export default function BalanceChart({
  series,
  range
}: {
  series: BalanceSeries
  range: BalanceRange
}): React.JSX.Element {
  const wrap = useRef<HTMLDivElement>(null)
  const lineBox = useRef<HTMLDivElement>(null)
  const barBox = useRef<HTMLDivElement>(null)
  const line = useRef<uPlot | null>(null)
  const width = useWidth(wrap)
  const theme = useThemeName()
  const { currency } = series
  // The balance holds until now: the line runs to the right edge.
  const now = useNow()
  const points: Point[] = [...series.points]
  const last = points.at(-1)
  if (last && Date.parse(last.at) < now.getTime() - 60_000)
    points.push({ at: now.toISOString(), cents: last.cents })
  // Until the seller points at a reading, the readout follows the newest one, also as new
  // readings arrive while Account is open.
  const [picked, setPicked] = useState<number | null>(null)
  const index = Math.min(picked ?? points.length - 1, points.length - 1)
  const shown = points[index]

  // Both charts span the whole range, up to now: a quiet month shows as a flat line.
  const to = now.getTime() / 1000
  const days = RANGE_DAYS[range]
  const first = Date.parse(points[0]?.at ?? now.toISOString()) / 1000
  const from = days === null ? Math.min(first, to - 86_400) : to - days * 86_400
  const key = JSON.stringify([series.points, series.increases, width, theme, from])
  useEffect(() => {
    if (!lineBox.current || !barBox.current || width === 0) return
    const colors = palette()
    const xs = points.map((p) => Date.parse(p.at) / 1000)
    const ys = points.map((p) => p.cents / 100)
    const lineChart = new uPlot(
      {
        width,
        height: LINE_HEIGHT,
        legend: { show: false },
        cursor: { points: { size: 8 }, drag: { x: false, y: false } },
        scales: { x: { time: true, range: () => [from, to] } },
        axes: axes(colors, currency),
        series: [
          {},
          {
            stroke: colors.accent,
            width: 2,
            fill: colors.soft,
            paths: uPlot.paths.stepped?.({ align: 1 })
          }
        ],
        hooks: {
          setCursor: [
            (u) => {
              const i = u.cursor.idx
              if (i !== null && i !== undefined) setPicked(i)
            }
          ]
        }
      },
      [xs, ys],
      lineBox.current
    )
    line.current = lineChart
    const bx = series.increases.map((d) => Date.parse(d.start) / 1000)
    const by = series.increases.map((d) => d.cents / 100)
    const barChart = new uPlot(
      {
        width,
        height: BAR_HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: true, range: () => [from, to] },
          y: { range: (_u, _min, max) => [0, Math.max(max, 0.01) * 1.1] }
        },
        axes: axes(colors, currency),
        series: [
          {},
          {
            stroke: colors.ok,
            fill: colors.ok,
            paths: uPlot.paths.bars?.({ size: [0.6, 24] })
          }
        ]
      },
      [bx, by],
      barBox.current
    )
    return () => {
      line.current = null
      lineChart.destroy()
      barChart.destroy()
    }
    // `key` stands for what the charts are drawn from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  const move = (e: KeyboardEvent<HTMLDivElement>): void => {
    const steps: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: points.length - 1
    }
    const to = steps[e.key]
    if (to === undefined) return
    e.preventDefault()
    const i = Math.max(0, Math.min(points.length - 1, to))
    setPicked(i)
    const u = line.current
    const p = points[i]
    if (u && p)
      u.setCursor({
        left: u.valToPos(Date.parse(p.at) / 1000, 'x'),
        top: u.valToPos(p.cents / 100, 'y')
      })
  }

  return (
    <div ref={wrap} className={styles.charts}>
      <p className={styles.readout} aria-live="polite" data-testid="balance-readout">
        {shown ? pointText(shown.at, shown.cents, currency) : ''}
      </p>
      <div
        ref={lineBox}
        className={styles.chart}
        tabIndex={0}
        role="group"
        aria-roledescription="chart"
        aria-label="Balance over time. Arrow keys move between readings."
        aria-describedby="balance-summary"
        onKeyDown={move}
        data-testid="balance-chart"
      />
      <p className={styles.barsTitle}>Increases per {series.bucket}</p>
      <div ref={barBox} className={styles.chart} aria-hidden data-testid="balance-bars" />
    </div>
  )
}
