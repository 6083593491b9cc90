import { act, render, screen } from '@testing-library/react'
import { installChartStubs } from '../../chart-stubs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BalanceSeries } from '../../../../shared/ipc/contract'
import { pointText } from '../../../../renderer/src/views/account/balance-text'

// The chart draws on canvas (checked in Chromium: test/e2e/balance-watch.test.ts); here,
// which reading its readout names.
let BalanceChart: typeof import('../../../../renderer/src/views/account/BalanceChart').default
beforeAll(async () => {
  installChartStubs()
  // Loaded once the stubs are in place: uPlot reads matchMedia as its module loads.
  BalanceChart = (await import('../../../../renderer/src/views/account/BalanceChart')).default
})

const at = (minutesAgo: number): string => new Date(Date.now() - minutesAgo * 60_000).toISOString()
const series = (points: BalanceSeries['points']): BalanceSeries => ({
  currency: 'USD',
  points,
  increases: [],
  bucket: 'day',
  otherCurrency: false,
  lastChange: null,
  todayCents: 0,
  watch: null
})

describe('BalanceChart', () => {
  it('names the newest reading, also one that arrived after the chart was drawn', () => {
    const first = { at: at(0.5), cents: 184320 }
    const { rerender } = render(<BalanceChart series={series([first])} range="30d" />)
    const readout = screen.getByTestId('balance-readout')
    expect(readout).toHaveTextContent(pointText(first.at, first.cents, 'USD'))

    const sale = { at: at(0.2), cents: 186430 }
    rerender(<BalanceChart series={series([first, sale])} range="30d" />)
    expect(readout).toHaveTextContent(pointText(sale.at, sale.cents, 'USD'))
  })

  it('keeps the reading the seller moved to, and Home and End reach both ends', () => {
    const points = [
      { at: at(0.9), cents: 100000 },
      { at: at(0.6), cents: 120000 },
      { at: at(0.3), cents: 130000 }
    ]
    const { rerender } = render(<BalanceChart series={series(points)} range="30d" />)
    const chart = screen.getByTestId('balance-chart')
    const readout = screen.getByTestId('balance-readout')
    act(() => chart.focus())
    const press = (key: string): void => {
      act(() => {
        chart.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
      })
    }
    press('Home')
    expect(readout).toHaveTextContent(pointText(points[0]!.at, 100000, 'USD'))
    press('ArrowRight')
    expect(readout).toHaveTextContent(pointText(points[1]!.at, 120000, 'USD'))
    // A new reading does not pull the readout away from the one the seller is reading.
    const newest = { at: at(0.1), cents: 150000 }
    rerender(<BalanceChart series={series([...points, newest])} range="30d" />)
    expect(readout).toHaveTextContent(pointText(points[1]!.at, 120000, 'USD'))
    press('End')
    expect(readout).toHaveTextContent(pointText(newest.at, newest.cents, 'USD'))
  })
})
