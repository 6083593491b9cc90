import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import type { BulkJob, BulkResult } from '../../../../shared/ipc/contract'
import { shortCode } from '../../../../shared/purchase-code'
import type { SellerDeskApi } from '../../../../shared/ipc/api'
import { ValidateView } from '../../../../renderer/src/views/validate/ValidateView'
import { useBulk } from '../../../../renderer/src/stores/bulk'
import { useConnections } from '../../../../renderer/src/stores/connections'
import { useHistory } from '../../../../renderer/src/stores/history'
import { useValidate } from '../../../../renderer/src/stores/validate'
import { scopeStoresToConnection } from '../../../../renderer/src/frame/connection-scope'
import { useGlobalShortcuts } from '../../../../renderer/src/frame/shortcuts'
import { Toaster } from '../../../../renderer/src/ui/Toaster'
import {
  HOSTILE,
  bulkJob as job,
  err,
  installFakeBridge,
  ok,
  pendingResult as pending,
  sampleConnections
} from '../../fake-bridge'
import { stubLayout } from '../items/items-layout'
import { captureDownloads } from '../../save-capture'

const A = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const B = '8d2e4f60-1a3b-4c5d-8e9f-0a1b2c3d4e5f'
const C = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e'
const JOB = 'job-1'

const valid = (code: string, name = 'Northwind Admin Dashboard'): BulkResult => ({
  ...pending(code),
  status: 'valid',
  itemId: 101,
  itemName: name,
  license: 'Regular License',
  supportedUntil: '2099-01-01T00:00:00.000Z'
})
/** Main's words for a refused key; the page says the connection's one sentence instead. */
const MAIN_REFUSED = 'The marketplace refused this API key. Check it in Settings → API.'
const REFUSED = 'The marketplace refused the API key: replace the key in Settings.'
const OFFLINE = 'Something went wrong while checking this code.'
const failed = (code: string, message = MAIN_REFUSED): BulkResult => ({
  ...pending(code),
  status: 'error',
  errorKind: message === MAIN_REFUSED ? 'unauthorized' : 'internal',
  message
})
const notValid = (code: string, message = 'Invalid purchase code'): BulkResult => ({
  ...pending(code),
  status: 'not-valid',
  message
})

/** getBulk answers each snapshot in turn, then keeps answering the last one. */
function snapshots(list: BulkJob[]): SellerDeskApi['getBulk'] {
  let i = 0
  return async () => ok(list[Math.min(i++, list.length - 1)]!)
}

const startsWith =
  (codes: string[]): SellerDeskApi['startBulk'] =>
  async () =>
    ok(job(codes.map(pending)))

/** Lets the 500 ms poll run `n` times, with every answer applied. */
async function tick(ms = 500): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

async function openBulkAndStart(text: string): Promise<void> {
  render(
    <>
      <ValidateView />
      <Toaster />
    </>
  )
  fireEvent.click(screen.getByRole('tab', { name: 'Bulk' }))
  fireEvent.change(screen.getByLabelText('Codes to check'), { target: { value: text } })
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Check all' }))
  })
}

const progress = (): string => screen.getByTestId('bulk-progress-text').textContent ?? ''
const resultRows = (): HTMLElement[] =>
  within(screen.getByRole('table', { name: 'Bulk results' }))
    .getAllByRole('row')
    .slice(1)

stubLayout(1040, 800)
const downloads = captureDownloads()

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false })
  useBulk.getState().reset()
  useValidate.getState().reset()
})
afterEach(() => {
  useBulk.getState().reset()
  vi.useRealTimers()
})

describe('Bulk validation', () => {
  it('starts from pasted text, polls to the end and then stops polling', async () => {
    const text = `Hi! My code is ${A.toUpperCase()}, also ${B} and ${A} again.\n${C}`
    const bridge = installFakeBridge({
      startBulk: startsWith([A, B, C]),
      getBulk: snapshots([
        job([valid(A), pending(B), pending(C)]),
        job([valid(A), notValid(B), pending(C)]),
        job([valid(A), notValid(B), valid(C, 'Lofi Study Beats')])
      ])
    })
    await openBulkAndStart(text)
    expect(bridge.calls.startBulk).toEqual([{ text }])
    expect(
      screen.getByText('3 codes found in the pasted text (duplicates merged).')
    ).toBeInTheDocument()
    expect(progress()).toBe('1 of 3 checked')
    expect(screen.getByRole('progressbar', { name: 'Codes checked' })).toHaveAttribute(
      'aria-valuenow',
      '1'
    )
    expect(resultRows().map((r) => r.getAttribute('data-status'))).toEqual([
      'valid',
      'pending',
      'pending'
    ])

    await tick()
    expect(progress()).toBe('2 of 3 checked')
    expect(resultRows()[1]).toHaveTextContent('Not valid')
    expect(resultRows()[1]).toHaveTextContent('Invalid purchase code')

    await tick()
    expect(progress()).toBe('3 of 3 checked')
    expect(screen.getByText('Finished')).toBeInTheDocument()
    expect(resultRows()[2]).toHaveTextContent('Lofi Study Beats')
    expect(resultRows()[2]).toHaveTextContent(/Regular License · Support active · \d+ days left/)
    // The summary counts each verdict (and filters by it).
    expect(screen.getByRole('button', { name: 'Valid · support active 2' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Not valid 1' })).toBeInTheDocument()
    expect(
      screen.getByText(
        'Bulk check finished: 2 valid (0 with support expired, 0 without support), 1 not valid.'
      )
    ).toBeInTheDocument()

    const calls = bridge.getBulk.mock.calls.length
    await tick(5000)
    expect(bridge.getBulk.mock.calls.length).toBe(calls)
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
  })

  it('pauses, resumes and cancels the job it shows', async () => {
    const results = [valid(A), pending(B), pending(C)]
    const bridge = installFakeBridge({
      startBulk: startsWith([A, B, C]),
      getBulk: async () => ok(job(results)),
      pauseBulk: async () => ok(job(results, { state: 'paused' })),
      resumeBulk: async () => ok(job(results, { state: 'running' })),
      cancelBulk: async () => ok(job(results, { state: 'cancelled' }))
    })
    await openBulkAndStart(`${A}\n${B}\n${C}`)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pause' })))
    expect(bridge.calls.pauseBulk).toEqual([{ jobId: JOB }])
    expect(screen.getByText('Paused')).toBeInTheDocument()
    expect(screen.getByText(/no new ones start until you resume/)).toBeInTheDocument()

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resume' })))
    expect(bridge.calls.resumeBulk).toEqual([{ jobId: JOB }])
    expect(screen.getByText('Checking')).toBeInTheDocument()

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    expect(bridge.calls.cancelBulk).toEqual([{ jobId: JOB }])
    expect(screen.getByText('Cancelled')).toBeInTheDocument()
    expect(
      screen.getByText(/2 codes were not checked\. They are listed and exported as “Not checked”/)
    ).toBeInTheDocument()
    // Cancelled before they were sent: not checked, never "waiting".
    expect(resultRows()[1]).toHaveTextContent('Not checked')
    expect(resultRows()[1]).not.toHaveTextContent('Waiting')
    const calls = bridge.getBulk.mock.calls.length
    await tick(3000)
    expect(bridge.getBulk.mock.calls.length).toBe(calls)
    // A new batch can start from the same text.
    fireEvent.click(screen.getByRole('button', { name: 'New bulk check' }))
    expect(screen.getByLabelText('Codes to check')).toHaveValue(`${A}\n${B}\n${C}`)
  })

  it('ends a run whose codes were not checked as not checked, says why once, and retries only them', async () => {
    const bridge = installFakeBridge({
      startBulk: startsWith([A, B, C]),
      getBulk: async () => ok(job([valid(A), failed(B), failed(C)])),
      retryBulk: async () => ok(job([valid(A), pending(B), pending(C)], { state: 'running' }))
    })
    await openBulkAndStart(`${A}\n${B}\n${C}`)
    await tick()
    // Never "Finished" with a full bar over codes nobody answered.
    expect(screen.queryByText('Finished')).toBeNull()
    expect(screen.getByTestId('bulk-state')).toHaveTextContent('2 not checked')
    expect(progress()).toBe('1 of 3 checked')
    const bar = screen.getByRole('progressbar', { name: 'Codes checked' })
    expect(bar).toHaveAttribute('aria-valuenow', '1')
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 3 checked, 2 not checked')
    // The reason both share, whole, once above the table; the rows point to it.
    expect(screen.getByTestId('bulk-shared-reason')).toHaveTextContent(
      `2 codes not checked. ${REFUSED}`
    )
    // The same sentence as the view's status notice, the box and the end's announcement, and
    // no row repeats it; never main's own wording.
    expect(screen.getAllByText(REFUSED, { exact: false })).toHaveLength(3)
    expect(document.querySelector('[role="status"][data-state="refused"]')).toHaveTextContent(
      REFUSED
    )
    expect(screen.queryByText(MAIN_REFUSED, { exact: false })).toBeNull()
    expect(resultRows()[1]).toHaveTextContent('See the reason above the table')
    expect(
      screen.getByText(
        `Bulk check ended: 1 valid (0 with support expired, 0 without support), 0 not valid, 2 not checked. ${REFUSED}`
      )
    ).toBeInTheDocument()

    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Retry not checked' }))
    )
    expect(bridge.calls.retryBulk).toEqual([{ jobId: JOB }])
    expect(screen.getByTestId('bulk-state')).toHaveTextContent('Checking')
    // The button went with the run it belonged to: focus is on the progress heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: /Checking/ }))
    expect(screen.queryByTestId('bulk-shared-reason')).toBeNull()
  })

  it('shows each reason whole on its row when they differ, and copies the not-valid codes', async () => {
    installFakeBridge({
      startBulk: startsWith([A, B, C]),
      getBulk: async () => ok(job([notValid(A), failed(B), failed(C, OFFLINE)]))
    })
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await openBulkAndStart(`${A}\n${B}\n${C}`)
    await tick()
    expect(screen.queryByTestId('bulk-shared-reason')).toBeNull()
    expect(resultRows()[1]).toHaveTextContent(REFUSED)
    expect(resultRows()[2]).toHaveTextContent(OFFLINE)
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Copy not-valid codes' }))
    )
    expect(writeText).toHaveBeenCalledWith(A)
    expect(screen.getByText('Copied 1 not-valid code, one a line.')).toBeInTheDocument()
  })

  it('moves focus to the progress heading when Ctrl+Enter starts a run, and keeps it on Pause/Resume', async () => {
    const results = [valid(A), pending(B)]
    installFakeBridge({
      startBulk: startsWith([A, B]),
      getBulk: async () => ok(job(results)),
      pauseBulk: async () => ok(job(results, { state: 'paused' })),
      resumeBulk: async () => ok(job(results, { state: 'running' }))
    })
    render(<ValidateView />)
    fireEvent.click(screen.getByRole('tab', { name: 'Bulk' }))
    const field = screen.getByLabelText('Codes to check')
    fireEvent.change(field, { target: { value: `${A}\n${B}` } })
    field.focus()
    await act(async () => {
      fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true })
    })
    // Named with a space between its parts, as a screen reader says it.
    const heading = screen.getByRole('heading', { level: 2, name: 'Checking 1 of 2 checked' })
    expect(document.activeElement).toBe(heading)
    const pause = screen.getByRole('button', { name: 'Pause' })
    pause.focus()
    await act(async () => fireEvent.click(pause))
    // The same button, now Resume, still has focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resume' }))
    // The results take focus, so the keyboard can scroll them.
    expect(screen.getByRole('table', { name: 'Bulk results' })).toHaveAttribute('tabindex', '0')
  })

  it('does not let a poll that left before Pause undo it', async () => {
    let answerPoll: ((j: BulkJob) => void) | null = null
    const results = [valid(A), pending(B)]
    installFakeBridge({
      startBulk: startsWith([A, B]),
      getBulk: () =>
        new Promise((resolve) => {
          answerPoll = (j) => resolve(ok(j))
        }),
      pauseBulk: async () => ok(job(results, { state: 'paused' }))
    })
    await openBulkAndStart(`${A} ${B}`)
    // The first poll is still out when the seller pauses.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pause' })))
    expect(screen.getByText('Paused')).toBeInTheDocument()
    await act(async () => answerPoll?.(job(results, { state: 'running' })))
    expect(screen.getByText('Paused')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument()
  })

  it('counts down while the marketplace’s rate limit is waited out', async () => {
    vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'))
    installFakeBridge({
      startBulk: startsWith([A, B]),
      getBulk: async () =>
        ok(job([valid(A), pending(B)], { waitingUntil: '2026-11-22T10:00:12.000Z' }))
    })
    await openBulkAndStart(`${A}\n${B}`)
    const countdown = (): HTMLElement =>
      screen.getByText(/Waiting for the marketplace’s rate limit/)
    expect(countdown()).toHaveTextContent(
      'Waiting for the marketplace’s rate limit · continuing in 12 s'
    )
    expect(countdown()).toHaveAttribute('role', 'status')
    await tick(3000)
    expect(countdown()).toHaveTextContent('continuing in 9 s')
    await tick(10_000)
    expect(screen.queryByText(/Waiting for the marketplace’s rate limit/)).toBeNull()
  })

  it('says why nothing started when the text holds no codes', async () => {
    const bridge = installFakeBridge({
      startBulk: async () =>
        err('invalid-input', 'No purchase codes were found in the pasted text.')
    })
    await openBulkAndStart('Thanks for the help!')
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No purchase codes were found in the pasted text.'
    )
    expect(bridge.getBulk).not.toHaveBeenCalled()
    // The text stays for the seller to fix.
    expect(screen.getByLabelText('Codes to check')).toHaveValue('Thanks for the help!')
    expect(screen.getByRole('button', { name: 'Check all' })).toBeEnabled()
  })

  it('stops polling a job main no longer knows, and when the view closes', async () => {
    const bridge = installFakeBridge({
      startBulk: startsWith([A, B]),
      getBulk: snapshots([job([pending(A), pending(B)])])
    })
    const view = render(<ValidateView />)
    fireEvent.click(screen.getByRole('tab', { name: 'Bulk' }))
    fireEvent.change(screen.getByLabelText('Codes to check'), { target: { value: A } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check all' })))
    await tick()
    const calls = bridge.getBulk.mock.calls.length
    expect(calls).toBe(2)
    view.unmount()
    await tick(3000)
    expect(bridge.getBulk.mock.calls.length).toBe(calls)

    // The job is gone in main (restarted): say so and stop.
    bridge.getBulk.mockImplementation(async () =>
      err('not-found', 'This bulk check is no longer available: start it again.')
    )
    render(<ValidateView />)
    await tick()
    expect(screen.getByRole('alert')).toHaveTextContent('no longer available')
    expect(screen.getByText('Cancelled')).toBeInTheDocument()
    const after = bridge.getBulk.mock.calls.length
    await tick(3000)
    expect(bridge.getBulk.mock.calls.length).toBe(after)
  })

  it('exports the results as a CSV download', async () => {
    const csv = 'Purchase code,Result\r\n3f1c,Valid\r\n'
    const bridge = installFakeBridge({
      startBulk: startsWith([A]),
      getBulk: snapshots([job([valid(A)])]),
      exportBulkCsv: async () => ok({ filename: 'seller-desk-bulk-check-2026-11-22.csv', csv })
    })
    await openBulkAndStart(A)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export CSV' })))
    expect(bridge.calls.exportBulkCsv).toEqual([{ jobId: JOB }])
    expect(screen.getByText('Bulk results exported as CSV.')).toBeInTheDocument()
    expect(downloads.saved.map((f) => f.filename)).toEqual([
      'seller-desk-bulk-check-2026-11-22.csv'
    ])
    await tick(10)
    expect(downloads.saved[0]!.text).toBe(`\ufeff${csv}`)
  })

  it('shows only the rows in view of a long job', async () => {
    const codes = Array.from(
      { length: 600 },
      (_, i) => `${String(i).padStart(8, '0')}-7b4d-4c1e-9a2f-5d6e7f8a9b0c`
    )
    installFakeBridge({
      startBulk: startsWith(codes),
      getBulk: snapshots([job(codes.map((c, i) => (i % 2 ? notValid(c) : valid(c))))])
    })
    await openBulkAndStart(codes.join('\n'))
    expect(progress()).toBe('600 of 600 checked')
    const rows = resultRows()
    expect(rows.length).toBeGreaterThan(10)
    expect(rows.length).toBeLessThan(60)
    expect(screen.getByRole('table', { name: 'Bulk results' })).toHaveAttribute(
      'aria-rowcount',
      '601'
    )
  })

  it('shows hostile codes and messages as text', async () => {
    const odd = { ...notValid(HOSTILE.text, HOSTILE.img), looksLikeUuid: false }
    const named = valid(A, HOSTILE.script)
    installFakeBridge({
      startBulk: startsWith([HOSTILE.text, A]),
      getBulk: snapshots([job([odd, named])])
    })
    await openBulkAndStart(`${HOSTILE.text}\n${A}`)
    const table = screen.getByRole('table', { name: 'Bulk results' })
    expect(within(table).getByText(HOSTILE.text)).toBeInTheDocument()
    expect(within(table).getByText(HOSTILE.img)).toBeInTheDocument()
    expect(within(table).getByText(HOSTILE.script)).toBeInTheDocument()
    expect(within(table).getByText('Not shaped like a purchase code.')).toBeInTheDocument()
    expect(table.querySelector('img, script, svg[onload]')).toBeNull()
    expect((window as Window & { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('switches back to one code with Ctrl+K', async () => {
    installFakeBridge()
    // The app-wide shortcut handler owns Ctrl+K, as in the running app.
    function WithShortcuts(): React.JSX.Element {
      useGlobalShortcuts(true)
      return <ValidateView />
    }
    render(<WithShortcuts />)
    fireEvent.click(screen.getByRole('tab', { name: 'Bulk' }))
    expect(screen.getByRole('tab', { name: 'Bulk' })).toHaveAttribute('aria-selected', 'true')
    fireEvent.keyDown(window, { key: 'k', code: 'KeyK', ctrlKey: true })
    expect(screen.getByRole('tab', { name: 'One code' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByLabelText('Purchase code')).toBeInTheDocument()
    expect(screen.getByLabelText('Purchase code')).toHaveFocus()
    // Already on the field's tab: Ctrl+K brings focus back to it.
    screen.getByRole('tab', { name: 'Bulk' }).focus()
    fireEvent.keyDown(window, { key: 'k', code: 'KeyK', ctrlKey: true })
    expect(screen.getByLabelText('Purchase code')).toHaveFocus()
  })
})

describe('Bulk verdicts', () => {
  const D = '11111111-2222-4333-8444-555555555555'
  const expired = (code: string): BulkResult => ({
    ...valid(code, 'Aurora Icons'),
    supportedUntil: '2020-01-01T00:00:00.000Z'
  })
  const noSupport = (code: string): BulkResult => ({
    ...valid(code, 'Lofi Study Beats'),
    supportedUntil: null
  })

  it('counts the codes found in the text as soon as it is pasted', () => {
    installFakeBridge({})
    render(<ValidateView />)
    fireEvent.click(screen.getByRole('tab', { name: 'Bulk' }))
    const found = (): HTMLElement => screen.getByTestId('bulk-found')
    fireEvent.change(screen.getByLabelText('Codes to check'), {
      target: { value: `Hi! Mine is ${A.toUpperCase()}, and ${B}.\nAlso ${A} again` }
    })
    expect(found()).toHaveTextContent('2 codes found, duplicates merged.')
    fireEvent.change(screen.getByLabelText('Codes to check'), {
      target: { value: 'Thanks for the help!' }
    })
    expect(found()).toHaveTextContent('No purchase codes found in this text yet.')
  })

  it('tells expired support from active support, counts each and filters and sorts by verdict', async () => {
    const results = [notValid(A), expired(B), valid(C), noSupport(D)]
    installFakeBridge({
      startBulk: startsWith([A, B, C, D]),
      getBulk: async () => ok(job(results))
    })
    await openBulkAndStart([A, B, C, D].join('\n'))
    await tick()
    expect(screen.getByText('Finished')).toBeInTheDocument()

    // Support that ended is never a plain green "Valid".
    const expiredRow = resultRows()[1]!
    expect(expiredRow).toHaveAttribute('data-verdict', 'support-expired')
    expect(expiredRow).toHaveTextContent('Valid · support expired')
    expect(expiredRow).toHaveTextContent(/Support expired Jan 1, 2020/)
    expect(resultRows()[3]).toHaveTextContent('Valid · no support')
    // A narrow window shows the short code; the whole one is in the tooltip and read out.
    const codeCell = within(expiredRow).getAllByRole('cell')[1]!
    expect(codeCell).toHaveAttribute('title', B)
    expect(codeCell.querySelector('[aria-hidden]')).toHaveTextContent(shortCode(B))

    // "Valid" alone would read as every valid code: the filter names its support too.
    for (const [name, n] of [
      ['Valid · support active', 1],
      ['Valid · support expired', 1],
      ['Valid · no support', 1],
      ['Not valid', 1]
    ] as const)
      expect(screen.getByRole('button', { name: `${name} ${n}` })).toBeInTheDocument()
    // No code ended unchecked: no filter that would show nothing.
    const filters = screen.getByRole('group', { name: 'Show codes by verdict' })
    expect(within(filters).queryByRole('button', { name: /^Not checked/ })).toBeNull()
    expect(within(filters).getAllByRole('button')).toHaveLength(5)

    // Only the expired ones, then all again.
    fireEvent.click(screen.getByRole('button', { name: 'Valid · support expired 1' }))
    expect(resultRows().map((r) => r.textContent)).toEqual([expect.stringContaining(B)])
    fireEvent.click(screen.getByRole('button', { name: 'All 4' }))
    expect(resultRows()).toHaveLength(4)

    // By verdict: the valid ones first, the not valid one last; the # keeps the pasted place.
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'verdict' } })
    expect(resultRows().map((r) => r.getAttribute('data-verdict'))).toEqual([
      'supported',
      'support-expired',
      'no-support',
      'not-valid'
    ])
    expect(resultRows()[3]).toHaveTextContent(/^1/)
  })
})

describe('Connection switch', () => {
  it('drops validate, history and bulk state and cancels a running job', async () => {
    const bridge = installFakeBridge({
      startBulk: startsWith([A, B]),
      getBulk: snapshots([job([valid(A), pending(B)])]),
      cancelBulk: async () => ok(job([valid(A), pending(B)], { state: 'cancelled' }))
    })
    scopeStoresToConnection()
    useConnections.setState({ state: sampleConnections({ activeId: 'c1' }) })
    useBulk.getState().setText(A)
    await useBulk.getState().start()
    useHistory.setState({ query: 'lofi', status: 'ready', total: 3 })
    useValidate.setState({ input: A })
    expect(useBulk.getState().job?.state).toBe('running')

    useConnections.setState({ state: sampleConnections({ activeId: 'demo' }) })
    expect(bridge.calls.cancelBulk).toEqual([{ jobId: JOB }])
    expect(useBulk.getState()).toMatchObject({ job: null, text: '', tab: 'single' })
    expect(useHistory.getState()).toMatchObject({ query: '', status: 'idle', total: 0 })
    expect(useValidate.getState().input).toBe('')
  })
})
