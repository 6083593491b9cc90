import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { installChartStubs } from '../../chart-stubs'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BalanceSeries } from '../../../../shared/ipc/contract'
import { BalanceHistory } from '../../../../renderer/src/views/account/BalanceHistory'
import { Toaster } from '../../../../renderer/src/ui/Toaster'
import { installFakeBridge, ok, resetStores } from '../../fake-bridge'
import { captureDownloads } from '../../save-capture'

const downloads = captureDownloads()

// The chart itself draws on canvas (uPlot, checked in Chromium: test/e2e/balance-watch);
// here, what the section says and asks around it.
beforeAll(() => {
  installChartStubs()
})
beforeEach(() => resetStores())

const series = (over: Partial<BalanceSeries> = {}): BalanceSeries => ({
  currency: 'USD',
  points: [
    { at: '2026-11-20T10:00:00Z', cents: 128457 },
    { at: '2026-11-26T14:02:00Z', cents: 130567 }
  ],
  increases: [{ start: '2026-11-26T00:00:00Z', cents: 2110 }],
  bucket: 'day',
  otherCurrency: false,
  lastChange: { at: '2026-11-26T14:02:00Z', deltaCents: 2110, cents: 130567, currency: 'USD' },
  todayCents: 0,
  watch: null,
  ...over
})

describe('Balance over time', () => {
  it('says in words what the chart shows, with the honest caption', async () => {
    installFakeBridge({ getBalanceSeries: async () => ok(series()) })
    render(<BalanceHistory connectionId="c1" />)
    expect(await screen.findByTestId('balance-summary')).toHaveTextContent(
      'Over the last 30 days the balance went from $1,284.57 to $1,305.67. Increases came to $21.10 on 1 day.'
    )
    expect(
      screen.getByText(
        'From balance changes Seller Desk saw while running; withdrawals show as drops.'
      )
    ).toBeInTheDocument()
  })

  it('asks main for the range chosen, and exports the log', async () => {
    const bridge = installFakeBridge({
      getBalanceSeries: async () => ok(series()),
      exportBalanceCsv: async () =>
        ok({ filename: 'seller-desk-balance-2026-11-27.csv', csv: 'Time\r\n' })
    })
    render(
      <>
        <BalanceHistory connectionId="c1" />
        <Toaster />
      </>
    )
    await screen.findByTestId('balance-summary')
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }))
    expect(bridge.calls.getBalanceSeries).toEqual([{ range: '30d' }, { range: '7d' }])
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await screen.findByText('Balance log exported.')
    expect(downloads.saved.map((f) => [f.filename, f.text])).toEqual([
      ['seller-desk-balance-2026-11-27.csv', '\uFEFFTime\r\n']
    ])
  })

  it('says why the balance is not being read, and when there is nothing yet', async () => {
    installFakeBridge({
      getBalanceSeries: async () =>
        ok(
          series({
            points: [],
            increases: [],
            watch: {
              connectionId: 'c1',
              label: 'Shop',
              notify: true,
              state: 'key-refused',
              message:
                'The watch stopped: the marketplace refused the API key. Replace the key in Settings to watch again.',
              lastReadAt: null
            }
          })
        )
    })
    render(<BalanceHistory connectionId="c1" />)
    expect(await screen.findByTestId('balance-watch-state')).toHaveTextContent(
      /refused the API key\. Replace the key in Settings/
    )
    expect(screen.getByText(/^No readings yet\./)).toBeInTheDocument()
  })
})
