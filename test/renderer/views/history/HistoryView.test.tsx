import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { HistoryEntry, Validation } from '../../../../shared/ipc/contract'
import type { SellerDeskApi } from '../../../../shared/ipc/api'
import { HistoryView } from '../../../../renderer/src/views/history/HistoryView'
import { HISTORY_PAGE, useHistory } from '../../../../renderer/src/stores/history'
import { useNav } from '../../../../renderer/src/stores/nav'
import { useToasts } from '../../../../renderer/src/ui/toast'
import { Toaster } from '../../../../renderer/src/ui/Toaster'
import {
  HOSTILE,
  deferred,
  err,
  historyEntry as entry,
  installFakeBridge,
  ok,
  samplePurchase
} from '../../fake-bridge'
import { captureDownloads } from '../../save-capture'

const A = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const B = '8d2e4f60-1a3b-4c5d-8e9f-0a1b2c3d4e5f'
const C = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e'

const notValid = (code: string, overrides: Partial<HistoryEntry> = {}): HistoryEntry =>
  entry({
    code,
    valid: false,
    message: 'Invalid purchase code',
    license: null,
    itemId: null,
    itemName: null,
    supportedUntil: null,
    price: null,
    currency: null,
    downloaded: null,
    ...overrides
  })

const SAMPLE: HistoryEntry[] = [
  notValid(A, { checkedAt: '2026-11-21T09:00:00.000Z', flag: 'was-valid' }),
  entry({
    code: B,
    checkedAt: '2026-11-20T12:00:00.000Z',
    license: 'Extended',
    itemId: 202,
    itemName: 'Lofi Study Beats',
    supportedUntil: '2025-03-03T12:00:00.000Z'
  }),
  notValid(C, { checkedAt: '2026-11-20T11:00:00.000Z' }),
  entry({ checkedAt: '2026-11-20T10:00:00.000Z' })
]

/** listHistory over a list, matching the query as main does for codes and item names. */
function listing(entries: () => HistoryEntry[]): SellerDeskApi['listHistory'] {
  return async (req) => {
    const q = req?.query?.toLowerCase() ?? ''
    const all = entries().filter(
      (e) => !q || e.code.includes(q) || (e.itemName?.toLowerCase().includes(q) ?? false)
    )
    return ok({ entries: all.slice(0, req?.limit ?? all.length), total: all.length })
  }
}

const table = (): HTMLElement => screen.getByRole('table', { name: 'Lookup history' })
const bodyRows = (): HTMLElement[] => within(table()).getAllByRole('row').slice(1)

const downloads = captureDownloads()

beforeEach(() => {
  useHistory.getState().reset()
  useToasts.setState({ toasts: [] })
  useNav.setState({ view: 'history', itemId: null, previous: 'items' })
})
afterEach(() => {
  useHistory.getState().reset()
})

describe('HistoryView', () => {
  it('shows skeleton rows while loading, then every check newest first', async () => {
    const answer = deferred<Awaited<ReturnType<SellerDeskApi['listHistory']>>>()
    const bridge = installFakeBridge({ listHistory: () => answer.promise })
    render(<HistoryView />)
    expect(screen.getByRole('status', { name: 'Loading the lookup history' })).toBeInTheDocument()
    await waitFor(() => expect(bridge.calls.listHistory).toEqual([{ limit: HISTORY_PAGE }]))
    await act(async () => answer.resolve(ok({ entries: SAMPLE, total: SAMPLE.length })))

    const rows = bodyRows()
    expect(rows).toHaveLength(4)
    expect(screen.getByText('4 lookups')).toBeInTheDocument()
    // The refunded code: not valid now, flagged, with the site's words.
    expect(rows[0]).toHaveTextContent('Not valid')
    expect(rows[0]).toHaveTextContent('Was valid')
    expect(rows[0]).toHaveTextContent('Invalid purchase code')
    expect(rows[0]).toHaveAttribute('data-flag', 'was-valid')
    expect(within(rows[0]!).getByText('Was valid')).toHaveAttribute(
      'title',
      expect.stringContaining('refunded or cancelled')
    )
    // A valid check: item, licence, support (expired in words too), the time.
    expect(rows[1]).toHaveTextContent('Valid')
    expect(within(rows[1]!).getByRole('button', { name: 'Lofi Study Beats' })).toBeInTheDocument()
    expect(rows[1]).toHaveTextContent('Extended')
    expect(rows[1]).toHaveTextContent('Mar 3, 2025 (expired)')
    // Its verdict says the support ended, in the words and colour every screen uses.
    expect(rows[1]).toHaveAttribute('data-verdict', 'support-expired')
    const badge = within(rows[1]!).getByText('Valid · support expired')
    expect(badge).toHaveAttribute('data-tone', 'warn')
    expect(
      within(rows[1]!)
        .getByText(/Nov 20/)
        .closest('time')
    ).toHaveAttribute('datetime', '2026-11-20T12:00:00.000Z')
    expect(rows[3]).toHaveTextContent('Jan 1, 2099')
    expect(rows[3]).not.toHaveTextContent('expired')
    expect(rows[1]).not.toHaveAttribute('data-flag')
    // Codes are shortened on screen; the full code is in the title and the button name.
    expect(within(rows[1]!).getByTitle(B)).toHaveTextContent('8d2e4f60…4e5f')
  })

  it('says how to start when nothing was checked, and goes to Validate', async () => {
    installFakeBridge()
    const user = userEvent.setup()
    render(<HistoryView />)
    await screen.findByText('No codes have been checked on this marketplace yet.')
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Check a code' }))
    expect(useNav.getState().view).toBe('validate')
  })

  it('shows an error with Retry, and the list after a retry', async () => {
    let fail = true
    const bridge = installFakeBridge({
      listHistory: async (req) =>
        fail ? err('internal', 'The history file could not be read.') : listing(() => SAMPLE)(req)
    })
    const user = userEvent.setup()
    render(<HistoryView />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The history file could not be read.')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(bodyRows()).toHaveLength(4))
    expect(bridge.listHistory).toHaveBeenCalledTimes(2)
  })

  it('searches as the seller types, and says when nothing matches', async () => {
    const bridge = installFakeBridge({ listHistory: listing(() => SAMPLE) })
    const user = userEvent.setup()
    render(<HistoryView />)
    await waitFor(() => expect(bodyRows()).toHaveLength(4))
    await user.type(screen.getByRole('searchbox', { name: 'Search history' }), 'lofi')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(screen.getByText('1 match')).toBeInTheDocument()
    expect(bridge.calls.listHistory?.at(-1)).toEqual({ query: 'lofi', limit: HISTORY_PAGE })
    // Typing waits for a pause: not one request per keystroke.
    expect(bridge.listHistory.mock.calls.length).toBeLessThan(5)

    await user.clear(screen.getByRole('searchbox', { name: 'Search history' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search history' }), 'zzz')
    await screen.findByText('No lookups match “zzz”.')
    await user.click(screen.getAllByRole('button', { name: 'Clear search' }).at(-1)!)
    await waitFor(() => expect(bodyRows()).toHaveLength(4))
    expect(screen.getByRole('searchbox', { name: 'Search history' })).toHaveValue('')
  })

  it('re-checks a code in one click and shows the new verdict on top', async () => {
    const list = [...SAMPLE]
    const recheck: Validation = {
      valid: false,
      message: 'Invalid purchase code',
      code: B,
      checkedAt: '2026-11-22T08:00:00.000Z',
      flag: 'was-valid',
      previous: { valid: true, checkedAt: '2026-11-20T12:00:00.000Z' }
    }
    const bridge = installFakeBridge({
      listHistory: listing(() => list),
      validatePurchase: async () => {
        list.unshift(notValid(B, { checkedAt: recheck.checkedAt, flag: 'was-valid' }))
        return ok(recheck)
      }
    })
    const user = userEvent.setup()
    render(
      <>
        <HistoryView />
        <Toaster />
      </>
    )
    await waitFor(() => expect(bodyRows()).toHaveLength(4))
    await user.click(screen.getByRole('button', { name: `Re-check ${B}` }))
    expect(bridge.calls.validatePurchase).toEqual([{ code: B }])
    await waitFor(() => expect(bodyRows()).toHaveLength(5))
    const top = bodyRows()[0]!
    expect(top).toHaveTextContent('Not valid')
    expect(top).toHaveTextContent('Was valid')
    expect(top).toHaveAttribute('data-fresh', 'true')
    expect(bodyRows()[2]).not.toHaveAttribute('data-fresh')
    expect(
      await screen.findByText('8d2e4f60…4e5f is no longer valid: refunded or cancelled?')
    ).toBeInTheDocument()
  })

  it('says when a re-check could not reach the marketplace, keeping the list', async () => {
    installFakeBridge({
      listHistory: listing(() => SAMPLE),
      validatePurchase: async () =>
        err('rate-limited', 'Too many requests: wait 30 seconds.', 30_000)
    })
    const user = userEvent.setup()
    render(<HistoryView />)
    await waitFor(() => expect(bodyRows()).toHaveLength(4))
    await user.click(screen.getByRole('button', { name: `Re-check ${C}` }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Too many requests.')
    expect(alert).toHaveTextContent(
      'Could not re-check 5b6c7d8e…7d8e: Too many requests: wait 30 seconds.'
    )
    expect(bodyRows()).toHaveLength(4)
    expect(screen.getByRole('button', { name: `Re-check ${C}` })).not.toHaveAttribute(
      'aria-disabled'
    )
  })

  // aria-disabled, not disabled: the button keeps the seller's focus while it runs.
  it('disables a row’s Re-check while it runs', async () => {
    const answer = deferred<Awaited<ReturnType<SellerDeskApi['validatePurchase']>>>()
    const bridge = installFakeBridge({
      listHistory: listing(() => SAMPLE),
      validatePurchase: () => answer.promise
    })
    render(<HistoryView />)
    await waitFor(() => expect(bodyRows()).toHaveLength(4))
    fireEvent.click(screen.getAllByRole('button', { name: `Re-check ${A}` })[0]!)
    // Every row of that code is busy; a second click sends nothing.
    for (const b of screen.getAllByRole('button', { name: `Re-check ${A}` }))
      expect(b).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: `Re-check ${B}` })).not.toHaveAttribute(
      'aria-disabled'
    )
    fireEvent.click(screen.getAllByRole('button', { name: `Re-check ${A}` })[1]!)
    expect(bridge.validatePurchase).toHaveBeenCalledTimes(1)
    await act(async () =>
      answer.resolve(
        ok({
          valid: true as const,
          purchase: samplePurchase(),
          code: A,
          checkedAt: new Date().toISOString()
        })
      )
    )
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: `Re-check ${A}` })[0]).not.toHaveAttribute(
        'aria-disabled'
      )
    )
  })

  it('exports the history as a CSV download', async () => {
    const csv = 'Checked at,Purchase code\r\n2026-11-21T09:00:00.000Z,3f1c\r\n'
    const bridge = installFakeBridge({
      listHistory: listing(() => SAMPLE),
      exportHistoryCsv: async () => ok({ filename: 'seller-desk-history-2026-11-22.csv', csv })
    })
    const user = userEvent.setup()
    render(
      <>
        <HistoryView />
        <Toaster />
      </>
    )
    await waitFor(() => expect(bodyRows()).toHaveLength(4))
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await screen.findByText('History exported as CSV.')
    expect(bridge.exportHistoryCsv).toHaveBeenCalledTimes(1)
    expect(downloads.saved).toHaveLength(1)
    expect(downloads.saved[0]).toMatchObject({
      filename: 'seller-desk-history-2026-11-22.csv',
      type: 'text/csv;charset=utf-8'
    })
    await waitFor(() => expect(downloads.saved[0]!.text).toBe(`\ufeff${csv}`))
  })

  it('says when the export failed and saves nothing', async () => {
    installFakeBridge({
      listHistory: listing(() => SAMPLE),
      exportHistoryCsv: async () => err('no-connection', 'No marketplace is connected.')
    })
    const user = userEvent.setup()
    render(<HistoryView />)
    await waitFor(() => expect(bodyRows()).toHaveLength(4))
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not export the history: No marketplace is connected.'
    )
    expect(downloads.saved).toHaveLength(0)
  })

  it('opens the item of a check, with Back returning to History', async () => {
    installFakeBridge({ listHistory: listing(() => SAMPLE) })
    const user = userEvent.setup()
    render(<HistoryView />)
    await user.click(await screen.findByRole('button', { name: 'Lofi Study Beats' }))
    expect(useNav.getState()).toMatchObject({ view: 'item', itemId: 202, previous: 'history' })
  })

  it('loads more rows on request when the history is long', async () => {
    const many = Array.from({ length: HISTORY_PAGE + 5 }, (_, i) =>
      entry({ code: `${String(i).padStart(8, '0')}-7b4d-4c1e-9a2f-5d6e7f8a9b0c` })
    )
    const bridge = installFakeBridge({ listHistory: listing(() => many) })
    const user = userEvent.setup()
    render(<HistoryView />)
    await waitFor(() => expect(bodyRows()).toHaveLength(HISTORY_PAGE))
    expect(
      screen.getByText(`Showing the newest ${HISTORY_PAGE} of ${HISTORY_PAGE + 5}.`)
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(bodyRows()).toHaveLength(HISTORY_PAGE + 5))
    expect(bridge.calls.listHistory?.at(-1)).toEqual({ limit: HISTORY_PAGE * 2 })
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })

  it('shows hostile codes, names and messages as text', async () => {
    const list = [
      notValid(HOSTILE.text, { message: HOSTILE.img }),
      entry({ code: HOSTILE.jsLink, itemName: HOSTILE.script, license: HOSTILE.img })
    ]
    installFakeBridge({ listHistory: listing(() => list) })
    render(<HistoryView />)
    await waitFor(() => expect(bodyRows()).toHaveLength(2))
    expect(screen.getByText(HOSTILE.img, { selector: 'span' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: HOSTILE.script })).toBeInTheDocument()
    expect(screen.getByTitle(HOSTILE.text)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: `Re-check ${HOSTILE.jsLink}` })).toBeInTheDocument()
    expect(table().querySelector('img, script, svg[onload], a[href^="javascript"]')).toBeNull()
    expect((window as Window & { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('forgets the previous connection’s history on reset', async () => {
    installFakeBridge({ listHistory: listing(() => SAMPLE) })
    await useHistory.getState().load()
    expect(useHistory.getState().entries).toHaveLength(4)
    useHistory.getState().setQuery('lofi')
    useHistory.getState().reset()
    expect(useHistory.getState()).toMatchObject({
      entries: [],
      total: 0,
      status: 'idle',
      query: ''
    })
  })
})
