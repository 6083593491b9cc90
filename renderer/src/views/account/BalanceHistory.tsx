import { lazy, Suspense, useEffect, useState } from 'react'
import { FileDown } from 'lucide-react'
import type { BalanceRange, BalanceSeries } from '../../../../shared/ipc/contract'
import { getBridge } from '../../bridge'
import { exportCsvFile } from '../../lib/save-file'
import { Button } from '../../ui/Button'
import { toast } from '../../ui/toast'
import { money, RANGES, seriesSummary } from './balance-text'
import alert from '../../ui/Alert.module.css'
import card from '../../ui/Card.module.css'
import styles from './BalanceHistory.module.css'

// uPlot comes with the chart only: the first paint and the rest of Account do not wait for it.
const BalanceChart = lazy(() => import('./BalanceChart'))

/** How often the chart asks again while shown (the watch reads every few minutes). */
const REFRESH_MS = 15_000

/**
 * Account's "Balance over time": the balance as a line and its increases per day as bars,
 * from the balance log main keeps while the watch runs. A summary and a table say the same
 * in words.
 */
export function BalanceHistory({
  connectionId
}: {
  connectionId: string | null
}): React.JSX.Element {
  const [range, setRange] = useState<BalanceRange>('30d')
  const [series, setSeries] = useState<BalanceSeries | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)

  useEffect(() => {
    let stopped = false
    let timer: number | undefined
    const load = async (): Promise<void> => {
      const r = await getBridge().getBalanceSeries({ range })
      if (stopped) return
      setProblem(r.ok ? null : r.error.message)
      if (r.ok) setSeries(r.data)
      timer = window.setTimeout(() => void load(), REFRESH_MS)
    }
    void load()
    return () => {
      stopped = true
      window.clearTimeout(timer)
    }
  }, [range, connectionId])

  const exportCsv = async (): Promise<void> => {
    const saved = await exportCsvFile(
      () => getBridge().exportBalanceCsv(),
      (s) => {
        if (s.exporting !== undefined) setExporting(s.exporting)
        if (s.exportError) toast(`Couldn’t export: ${s.exportError.message}`)
      },
      () => true
    )
    if (saved) toast('Balance log exported.')
  }

  const currency = series?.currency ?? null
  const watch = series?.watch ?? null
  return (
    <section className={`${card.card} ${styles.section}`} aria-labelledby="balance-history-title">
      <div className={styles.head}>
        <h2 id="balance-history-title" className={styles.title}>
          Balance over time
        </h2>
        <div className={styles.actions}>
          <fieldset className={styles.ranges}>
            <legend className="visually-hidden">Range</legend>
            {RANGES.map((r) => (
              <label key={r.value} className={styles.range}>
                <input
                  type="radio"
                  name="balance-range"
                  value={r.value}
                  checked={range === r.value}
                  onChange={() => setRange(r.value)}
                />
                <span>{r.label}</span>
              </label>
            ))}
          </fieldset>
          <Button
            size="sm"
            variant="ghost"
            icon={<FileDown size={16} aria-hidden />}
            busy={exporting}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        </div>
      </div>
      <p className={styles.caption}>
        From balance changes Seller Desk saw while running; withdrawals show as drops.
        {series?.otherCurrency ? ' Readings in an earlier currency are left out.' : ''}
      </p>
      {watch?.message && (
        <p className={`${alert.warn} ${styles.watchNote}`} data-testid="balance-watch-state">
          {watch.message}
        </p>
      )}
      {problem && (
        <p className={`${alert.warn} ${styles.watchNote}`} role="alert">
          {problem}
        </p>
      )}
      {series && series.points.length > 0 ? (
        <>
          <Suspense fallback={<div className={styles.chartSpace} aria-hidden />}>
            <BalanceChart key={range} series={series} range={range} />
          </Suspense>
          <p id="balance-summary" className={styles.summary} data-testid="balance-summary">
            {seriesSummary(series, range)}
            {series.todayCents > 0 ? ` Today: +${money(series.todayCents, currency)}.` : ''}
          </p>
        </>
      ) : series ? (
        <p className={styles.empty}>
          No readings yet. The balance watch reads it every few minutes while Seller Desk runs
          (Settings › Balance watch).
        </p>
      ) : (
        <div className={styles.chartSpace} aria-hidden />
      )}
    </section>
  )
}
