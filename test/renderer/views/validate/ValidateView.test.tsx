import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ValidateView } from '../../../../renderer/src/views/validate/ValidateView'
import { supportLine } from '../../../../renderer/src/views/validate/support'
import { NOT_VALID_EXPLANATION } from '../../../../renderer/src/views/validate/VerdictCard'
import { useValidate } from '../../../../renderer/src/stores/validate'
import { useNav } from '../../../../renderer/src/stores/nav'
import { useBulk } from '../../../../renderer/src/stores/bulk'
import { isUuidShaped, normaliseCode, shortCode } from '../../../../shared/purchase-code'
import { scanForCode } from '../../../../shared/purchase-code'
import type { SellerDeskApi } from '../../../../shared/ipc/api'
import type { HistoryEntry } from '../../../../shared/ipc/contract'
import type { Purchase } from '../../../../shared/model'
import { HOSTILE, err, installFakeBridge, ok, sampleItem, samplePurchase } from '../../fake-bridge'

const CODE = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const DAY = 86_400_000

function validOn(purchase: Partial<Purchase> = {}): SellerDeskApi['validatePurchase'] {
  return async (req) =>
    ok({
      valid: true as const,
      purchase: samplePurchase({ purchase_code: req.code, ...purchase }),
      code: req.code,
      checkedAt: new Date().toISOString()
    })
}
const invalid =
  (message = 'Invalid purchase code'): SellerDeskApi['validatePurchase'] =>
  async (req) =>
    ok({ valid: false as const, message, code: req.code, checkedAt: new Date().toISOString() })

function entry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    code: CODE,
    valid: true,
    checkedAt: '2026-03-02T10:00:00.000Z',
    message: null,
    license: 'Regular',
    itemId: 101,
    itemName: 'Northwind Admin Dashboard',
    supportedUntil: '2099-01-01T00:00:00.000Z',
    price: 24,
    currency: 'USD',
    downloaded: true,
    flag: null,
    ...overrides
  }
}

/** A history that answers a query the way main does: part of a code matches. */
function historyOf(entries: HistoryEntry[]): SellerDeskApi['listHistory'] {
  return async (req) => {
    const q = req?.query?.toLowerCase() ?? ''
    const found = entries.filter((e) => e.code.includes(q))
    return ok({ entries: found.slice(0, req?.limit ?? found.length), total: found.length })
  }
}

const live = (): HTMLElement =>
  document.querySelector<HTMLElement>('[aria-live="polite"][aria-atomic="true"]')!

beforeEach(() => {
  useValidate.getState().reset()
  useNav.setState({ view: 'validate', itemId: null, previous: 'items' })
})
afterEach(() => {
  useValidate.getState().reset()
  vi.useRealTimers()
})

describe('ValidateView', () => {
  it('focuses the field, checks on Enter and shows a valid verdict with every fact', async () => {
    const bridge = installFakeBridge({
      validatePurchase: validOn({
        supported_until: new Date(Date.now() + 142 * DAY + 3_600_000).toISOString(),
        license_type: 'Regular License',
        price: 21.099999999999998
      })
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    const field = screen.getByLabelText('Purchase code')
    expect(field).toHaveFocus()
    await user.type(field, `  ${CODE.toUpperCase()} {Enter}`)

    expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }])
    const card = await screen.findByRole('article', { name: 'Valid · support active' })
    expect(within(card).getByText(CODE)).toBeInTheDocument()
    expect(within(card).getByText('Licence').nextElementSibling).toHaveTextContent(
      'Regular License Regular'
    )
    expect(within(card).getByText('Price paid').nextElementSibling).toHaveTextContent('$21.10')
    expect(within(card).getByText('Purchased').nextElementSibling).toHaveTextContent('May 1, 2024')
    expect(within(card).getByText('Downloaded').nextElementSibling).toHaveTextContent('Yes')
    expect(within(card).getByText('Support active · 142 days left')).toHaveAttribute(
      'data-tone',
      'ok'
    )
    expect(card).toHaveAttribute('data-tone', 'ok')
    expect(live()).toHaveTextContent(
      'Valid. Northwind Admin Dashboard, Regular License licence. Support active · 142 days left.'
    )
    expect(screen.queryByText(/doesn’t look like a purchase code/)).toBeNull()
  })

  it('shows the checking skeleton only when the answer is slow, and refuses a second send at once', async () => {
    let answer: (() => void) | null = null
    const bridge = installFakeBridge({
      validatePurchase: (req) =>
        new Promise((resolve) => {
          answer = () => void validOn()(req).then(resolve)
        })
    })
    render(<ValidateView />)
    const field = screen.getByLabelText('Purchase code')
    vi.useFakeTimers()
    fireEvent.change(field, { target: { value: CODE } })
    fireEvent.submit(field.closest('form')!)
    const button = screen.getByRole('button', { name: 'Check' })
    expect(button).toBeDisabled()
    expect(screen.queryByRole('status', { name: 'Checking the code' })).toBeNull()
    expect(live()).toHaveTextContent(/^$/)
    act(() => void vi.advanceTimersByTime(150))
    expect(screen.getByRole('status', { name: 'Checking the code' })).toBeInTheDocument()
    expect(live()).toHaveTextContent('Checking…')
    expect(bridge.calls.validatePurchase).toHaveLength(1)
    vi.useRealTimers()
    await act(async () => answer!())
    expect(
      await screen.findByRole('article', { name: 'Valid · support active' })
    ).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Checking the code' })).toBeNull()
  })

  it('shows expired support and no support both in amber, each in its own words', async () => {
    installFakeBridge({
      validatePurchase: validOn({
        supported_until: '2025-03-03T12:00:00.000000Z',
        downloaded: false,
        license: 'extended',
        license_type: 'Extended'
      })
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), `${CODE}{Enter}`)
    // The card says what bulk, History and the tray say: one verdict model.
    const card = await screen.findByRole('article', { name: 'Valid · support expired' })
    expect(card).toHaveAttribute('data-tone', 'warn')
    expect(within(card).getByText('Support expired Mar 3, 2025')).toHaveAttribute(
      'data-tone',
      'warn'
    )
    expect(within(card).getByText('Downloaded').nextElementSibling).toHaveTextContent('No')

    installFakeBridge({
      validatePurchase: validOn({
        supported_until: null,
        license: 'unknown',
        license_type: 'Licencia Única'
      })
    })
    await user.clear(screen.getByLabelText('Purchase code'))
    await user.type(screen.getByLabelText('Purchase code'), `${CODE.replace('3f', '4f')}{Enter}`)
    const next = await screen.findByRole('article', { name: 'Valid · no support' })
    // Neither buyer gets support: amber, as the seller should act the same on both.
    expect(next).toHaveAttribute('data-tone', 'warn')
    expect(within(next).getByText('No support')).toHaveAttribute('data-tone', 'warn')
    // An unmapped licence is shown as sent, without a guessed badge.
    expect(within(next).getByText('Licence').nextElementSibling!.textContent!.trim()).toBe(
      'Licencia Única'
    )
  })

  it('shows Not valid with the server message as sent and what it means', async () => {
    installFakeBridge({ validatePurchase: invalid('Código de compra no válido') })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), `${CODE}{Enter}`)
    const card = await screen.findByRole('article', { name: 'Not valid' })
    expect(card).toHaveAttribute('data-tone', 'danger')
    expect(within(card).getByText('Código de compra no válido')).toBeInTheDocument()
    expect(
      within(card).getByText('The code is unknown, or the purchase was refunded or cancelled.')
    ).toBeInTheDocument()
    expect(live()).toHaveTextContent('Not valid.')
  })

  it('says when a code that is not valid now was valid at an earlier check', async () => {
    installFakeBridge({
      validatePurchase: async (req) =>
        ok({
          valid: false as const,
          message: 'Invalid purchase code',
          code: req.code,
          checkedAt: new Date().toISOString(),
          previous: { valid: true, checkedAt: '2026-03-02T10:00:00.000Z' },
          flag: 'was-valid' as const
        })
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), `${CODE}{Enter}`)
    const card = await screen.findByRole('article', { name: 'Not valid' })
    expect(within(card).getByText(/It was valid when you checked it on Mar/)).toHaveTextContent(
      /refunded or cancelled since/
    )
    expect(live()).toHaveTextContent('It was valid when you checked it')
  })

  it('checks a whole pasted code at once, but not a fragment', async () => {
    const bridge = installFakeBridge({ validatePurchase: validOn() })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.paste('abc')
    expect(bridge.calls.validatePurchase).toBeUndefined()
    expect(screen.getByLabelText('Purchase code')).toHaveValue('abc')
    await user.tripleClick(screen.getByLabelText('Purchase code'))
    await user.paste(`\n${CODE.toUpperCase()}\n`)
    expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }])
    expect(screen.getByLabelText('Purchase code')).toHaveValue(CODE)
    expect(
      await screen.findByRole('article', { name: 'Valid · support active' })
    ).toBeInTheDocument()
  })

  it('asks before checking a token that is not code-shaped, then checks it when told to', async () => {
    const bridge = installFakeBridge({ validatePurchase: invalid() })
    const user = userEvent.setup()
    render(<ValidateView />)
    // An order number is not a purchase code: nothing is sent until the seller says so.
    await user.type(screen.getByLabelText('Purchase code'), 'ORDER-7781-ABCD{Enter}')
    expect(bridge.calls.validatePurchase).toBeUndefined()
    await user.click(await screen.findByRole('button', { name: 'Check anyway' }))
    expect(bridge.calls.validatePurchase).toEqual([{ code: 'order-7781-abcd' }])
    expect(await screen.findByText(/doesn’t look like a purchase code/)).toBeInTheDocument()
    expect(await screen.findByRole('article', { name: 'Not valid' })).toBeInTheDocument()
  })

  it('keeps errors apart from verdicts and retries', async () => {
    let n = 0
    const bridge = installFakeBridge({
      validatePurchase: async (req) =>
        ++n === 1 ? err('offline', 'Could not reach market.test.') : validOn()(req)
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), `${CODE}{Enter}`)
    const alert = await screen.findByRole('alert')
    // "Not checked", grey, and one sentence with one step: no heading repeating it.
    expect(alert).toHaveAttribute('data-verdict', 'not-checked')
    expect(alert).toHaveTextContent(
      /^Not checkedCan’t reach the marketplace since .+: check your internet connection, then try again\.Retry$/
    )
    expect(screen.queryByRole('article')).toBeNull()
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(
      await screen.findByRole('article', { name: 'Valid · support active' })
    ).toBeInTheDocument()
    expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }, { code: CODE }])
  })

  it('counts down a rate limit before offering Retry', async () => {
    vi.useFakeTimers()
    installFakeBridge({
      validatePurchase: async () => err('rate-limited', 'Too many requests.', 3000)
    })
    render(<ValidateView />)
    fireEvent.change(screen.getByLabelText('Purchase code'), { target: { value: CODE } })
    await act(async () => {
      fireEvent.submit(screen.getByRole('search'))
    })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('You can check again in 3 s.')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeDisabled()
    act(() => vi.advanceTimersByTime(1000))
    expect(alert).toHaveTextContent('You can check again in 2 s.')
    act(() => vi.advanceTimersByTime(2000))
    expect(alert).toHaveTextContent('You can check again now.')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
  })

  it('words a long rate-limit wait in minutes', async () => {
    vi.useFakeTimers()
    installFakeBridge({
      validatePurchase: async () => err('rate-limited', 'Too many requests.', 600_000)
    })
    render(<ValidateView />)
    fireEvent.change(screen.getByLabelText('Purchase code'), { target: { value: CODE } })
    await act(async () => {
      fireEvent.submit(screen.getByRole('search'))
    })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('You can check again in 10 min.')
    act(() => vi.advanceTimersByTime(2000))
    expect(alert).toHaveTextContent('You can check again in 9 min 58 s.')
  })

  it('lists this session’s lookups newest first and re-shows one without a new call', async () => {
    const bridge = installFakeBridge({
      validatePurchase: async (req) =>
        req.code.startsWith('00')
          ? invalid()(req)
          : validOn({ item: sampleItem({ name: 'Lofi Beats' }) })(req)
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    const field = screen.getByLabelText('Purchase code')
    await user.type(field, `${CODE}{Enter}`)
    await screen.findByRole('article', { name: 'Valid · support active' })
    await user.clear(field)
    await user.type(field, `00000000-0000-4000-8000-000000000000{Enter}`)
    await screen.findByRole('article', { name: 'Not valid' })

    const recent = screen.getByRole('region', { name: 'Recent lookups' })
    const rows = within(recent).getAllByRole('button')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Not valid'),
      expect.stringContaining('Lofi Beats')
    ])
    await user.click(rows[1]!)
    expect(
      await screen.findByRole('article', { name: 'Valid · support active' })
    ).toBeInTheDocument()
    expect(field).toHaveValue(CODE)
    expect(bridge.calls.validatePurchase).toHaveLength(2)
  })

  it('opens the purchased item from the mini-card and keeps the verdict for Back', async () => {
    installFakeBridge({ validatePurchase: validOn() })
    const user = userEvent.setup()
    const first = render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), `${CODE}{Enter}`)
    await user.click(
      await screen.findByRole('button', { name: /^Open item Northwind Admin Dashboard / })
    )
    expect(useNav.getState()).toMatchObject({ view: 'item', itemId: 101, previous: 'validate' })
    first.unmount()
    render(<ValidateView />)
    expect(screen.getByRole('article', { name: 'Valid · support active' })).toBeInTheDocument()
  })

  it('prints a hostile server message as text', async () => {
    installFakeBridge({ validatePurchase: invalid(HOSTILE.img + HOSTILE.script) })
    const user = userEvent.setup()
    const { container } = render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), `${CODE}{Enter}`)
    const card = await screen.findByRole('article', { name: 'Not valid' })
    expect(within(card).getByText(HOSTILE.img + HOSTILE.script)).toBeInTheDocument()
    expect(container.querySelector('script, img[onerror]')).toBeNull()
    expect((window as Window & { __pwned?: number }).__pwned).toBeUndefined()
  })
})

describe('support line and codes', () => {
  const now = new Date('2025-06-01T12:00:00Z')
  it('words support by date', () => {
    expect(supportLine(null, now)).toEqual({
      tone: 'warn',
      text: 'No support',
      state: 'no-support'
    })
    expect(supportLine('2025-06-11T13:00:00Z', now)).toEqual({
      tone: 'ok',
      text: 'Support active · 10 days left',
      state: 'supported'
    })
    expect(supportLine('2025-06-02T11:00:00Z', now)).toEqual({
      tone: 'ok',
      text: 'Support active · ends today',
      state: 'supported'
    })
    expect(supportLine('2025-06-02T13:00:00Z', now)).toEqual({
      tone: 'ok',
      text: 'Support active · 1 day left',
      state: 'supported'
    })
    expect(supportLine('2025-03-03T00:00:00Z', now).tone).toBe('warn')
    expect(supportLine('2025-03-03T00:00:00Z', now).text).toMatch(/^Support expired /)
  })

  it('normalises and recognises codes', () => {
    expect(normaliseCode(`  ${CODE.toUpperCase()}\n`)).toBe(CODE)
    expect(isUuidShaped(CODE)).toBe(true)
    expect(isUuidShaped('abcd-1234')).toBe(false)
    // What a paste is checked for: a code, alone or in text; never a fragment or prose.
    expect(scanForCode(`${CODE}\n`)).toMatchObject({ kind: 'one', code: CODE })
    expect(scanForCode('two words here').kind).toBe('none')
    expect(scanForCode('abc').kind).toBe('none')
  })
})

describe('what was known before', () => {
  it('says quietly when and how a code was checked before', async () => {
    let previous: { valid: boolean; checkedAt: string } = {
      valid: true,
      checkedAt: '2026-03-02T10:00:00.000Z'
    }
    installFakeBridge({
      validatePurchase: async (req) =>
        ok({
          ...(await validOn()(req).then((r) => (r.ok ? r.data : null)))!,
          previous
        })
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    const field = screen.getByLabelText('Purchase code')
    await user.type(field, `${CODE}{Enter}`)
    const card = await screen.findByRole('article', { name: 'Valid · support active' })
    expect(within(card).getByText(/^Checked before: Valid · Mar 2/)).toBeInTheDocument()
    expect(live()).toHaveTextContent('Checked before: Valid · Mar 2')

    previous = { valid: false, checkedAt: '2026-03-05T10:00:00.000Z' }
    await user.clear(field)
    await user.type(field, `${CODE}{Enter}`)
    const again = await screen.findByRole('article', { name: 'Valid · support active' })
    expect(within(again).getByText(/^Checked before: Not valid · Mar 5/)).toBeInTheDocument()
  })

  it('leaves out "Checked before" when it would repeat the card\'s own minute and verdict', async () => {
    installFakeBridge({
      validatePurchase: async (req) => {
        const data = (await validOn()(req).then((r) => (r.ok ? r.data : null)))!
        return ok({ ...data, previous: { valid: true, checkedAt: data.checkedAt } })
      }
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), `${CODE}{Enter}`)
    const card = await screen.findByRole('article', { name: 'Valid · support active' })
    expect(within(card).getByText(/^Checked /)).toBeInTheDocument()
    expect(card).not.toHaveTextContent('Checked before')
    expect(live()).not.toHaveTextContent('Checked before')
  })

  it('a code not valid now and not valid before gets the quiet line; was-valid keeps its warning alone', async () => {
    let flagged = false
    installFakeBridge({
      validatePurchase: async (req) =>
        ok({
          valid: false as const,
          message: 'Invalid purchase code',
          code: req.code,
          checkedAt: new Date().toISOString(),
          previous: { valid: flagged, checkedAt: '2026-03-02T10:00:00.000Z' },
          ...(flagged ? { flag: 'was-valid' as const } : {})
        })
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    const field = screen.getByLabelText('Purchase code')
    await user.type(field, `${CODE}{Enter}`)
    const card = await screen.findByRole('article', { name: 'Not valid' })
    expect(within(card).getByText(/^Checked before: Not valid · Mar 2/)).toBeInTheDocument()
    expect(within(card).getByText(NOT_VALID_EXPLANATION)).toBeInTheDocument()

    flagged = true
    await user.clear(field)
    await user.type(field, `${CODE}{Enter}`)
    const flaggedCard = await screen.findByRole('article', { name: 'Not valid' })
    await within(flaggedCard).findByText(/It was valid when you checked it on Mar 2/)
    expect(within(flaggedCard).queryByText(/^Checked before:/)).toBeNull()
  })

  it('a refused key is "Not checked", pointing to Settings, not a verdict', async () => {
    installFakeBridge({
      validatePurchase: async () =>
        err('unauthorized', 'The marketplace refused this API key, so the code was not checked.')
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), `${CODE}{Enter}`)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveAttribute('data-verdict', 'not-checked')
    expect(alert).toHaveTextContent('Not checked')
    expect(alert).toHaveTextContent(
      'The marketplace refused the API key: replace the key in Settings.'
    )
    expect(screen.queryByRole('article')).toBeNull()
    expect(screen.queryByText('Not valid')).toBeNull()
    expect(live()).toHaveTextContent('Not checked. The marketplace refused the API key')
    expect(live()).not.toHaveTextContent('Not valid')
    // Checking again cannot help until the key is replaced: the one button is the fix.
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull()
    await user.click(within(alert).getByRole('button', { name: 'Open Settings' }))
    expect(useNav.getState().view).toBe('settings')
  })

  it('a failed check shows the last known verdict from the history, dated', async () => {
    const bridge = installFakeBridge({
      validatePurchase: async () => err('offline', 'Could not reach market.test.'),
      listHistory: historyOf([
        // Newest first, as main lists them; a longer code containing this one is not it.
        entry({
          code: `${CODE}-x`,
          itemName: 'Someone else’s kit',
          checkedAt: '2026-04-01T10:00:00.000Z'
        }),
        entry({ checkedAt: '2026-03-22T12:00:00.000Z' }),
        entry({
          valid: false,
          message: 'Invalid purchase code',
          checkedAt: '2026-03-01T09:30:00.000Z'
        })
      ])
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), `${CODE}{Enter}`)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/^Not checkedCan’t reach the marketplace/)
    const known = await screen.findByRole('region', { name: 'Last known verdict' })
    expect(known).toHaveTextContent(
      /^Last checked Mar 22,.*: Valid · support active, Regular licence, Northwind Admin Dashboard\./
    )
    expect(known).toHaveTextContent('From your lookup history')
    expect(known).not.toHaveTextContent('Someone else’s kit')
    expect(bridge.calls.listHistory).toContainEqual({ query: CODE, limit: 20 })
    expect(live()).toHaveTextContent('Last checked Mar 22')
    // Still an error, not a verdict.
    expect(screen.queryByRole('article')).toBeNull()
  })

  it('a last known "not valid" says so with the site’s words; no history, no line', async () => {
    installFakeBridge({
      validatePurchase: async () => err('timeout', 'market.test did not answer.'),
      listHistory: historyOf([
        entry({ valid: false, message: 'Invalid purchase code', license: null, itemName: null })
      ])
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    const field = screen.getByLabelText('Purchase code')
    await user.type(field, `${CODE}{Enter}`)
    const known = await screen.findByRole('region', { name: 'Last known verdict' })
    expect(known).toHaveTextContent(/: Not valid \(Invalid purchase code\)\./)

    await user.clear(field)
    await user.type(field, `00000000-0000-4000-8000-000000000000{Enter}`)
    await screen.findByRole('alert')
    await act(async () => {})
    expect(screen.queryByRole('region', { name: 'Last known verdict' })).toBeNull()
  })

  it('fills Recent lookups from the history when the view opens; a row from it checks again', async () => {
    const OTHER = '00000000-0000-4000-8000-000000000000'
    const bridge = installFakeBridge({
      validatePurchase: validOn(),
      listHistory: historyOf([
        entry({
          code: OTHER,
          valid: false,
          message: 'Invalid purchase code',
          license: null,
          itemName: null
        }),
        entry()
      ])
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    const recent = await screen.findByRole('region', { name: 'Recent lookups' })
    expect(bridge.calls.listHistory).toEqual([{ limit: 8 }])
    let rows = within(recent).getAllByRole('button')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Not valid'),
      expect.stringContaining('Northwind Admin Dashboard')
    ])
    await user.click(rows[1]!)
    expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }])
    expect(
      await screen.findByRole('article', { name: 'Valid · support active' })
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Purchase code')).toHaveValue(CODE)
    // The new check leads; its older history row is not listed twice.
    rows = within(screen.getByRole('region', { name: 'Recent lookups' })).getAllByRole('button')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveAttribute('aria-current', 'true')
    expect(rows[1]).toHaveTextContent('Not valid')
  })
})

describe('a view left open', () => {
  it('moves support from "ends today" to "expired" as time passes', async () => {
    vi.useFakeTimers()
    installFakeBridge({
      validatePurchase: validOn({ supported_until: new Date(Date.now() + 30_000).toISOString() })
    })
    render(<ValidateView />)
    fireEvent.change(screen.getByLabelText('Purchase code'), { target: { value: CODE } })
    await act(async () => {
      fireEvent.submit(screen.getByRole('search'))
    })
    const card = screen.getByRole('article', { name: 'Valid · support active' })
    expect(within(card).getByText('Support active · ends today')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(60_000))
    expect(within(card).getByText(/^Support expired /)).toHaveAttribute('data-tone', 'warn')
    expect(card).toHaveAttribute('data-tone', 'warn')
  })
})

describe('what the field holds', () => {
  const OTHER = '8d2e4f60-1a3b-4c5d-8e9f-0a1b2c3d4e5f'

  it('checks the code inside pasted text, not the text, and says which it checked', async () => {
    const bridge = installFakeBridge({ validatePurchase: validOn() })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.paste(`Purchase code: ${CODE.toUpperCase()} (thanks!)`)
    expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }])
    expect(screen.getByLabelText('Purchase code')).toHaveValue(CODE)
    expect(
      await screen.findByRole('article', { name: 'Valid · support active' })
    ).toHaveTextContent(CODE)
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      /Found in the text: checked 3f1c2a9e…9b0c/
    )
  })

  it('searches only the start of a huge paste, checks the code found there, and says so', async () => {
    const bridge = installFakeBridge({ validatePurchase: validOn() })
    const user = userEvent.setup()
    render(<ValidateView />)
    // A copied log file: the code near its start, ten million characters after it.
    await user.paste(`log: ${CODE}\n${'x'.repeat(10_000_000)}`)
    expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }])
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      /Only the first 100,000 characters of the paste were searched\./
    )
  })

  it('typed text with a code and Enter checks the code', async () => {
    const bridge = installFakeBridge({ validatePurchase: validOn() })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), `Code: ${CODE}{Enter}`)
    expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }])
  })

  it('offers to check all of several codes in Bulk', async () => {
    const bridge = installFakeBridge({
      validatePurchase: validOn(),
      startBulk: async () =>
        ok({ jobId: 'j', state: 'done', done: 0, total: 2, waitingUntil: null, results: [] }),
      getBulk: async () =>
        ok({ jobId: 'j', state: 'done', done: 0, total: 2, waitingUntil: null, results: [] })
    })
    const user = userEvent.setup()
    render(<ValidateView />)
    const text = `Mine: ${CODE}\nMy colleague's: ${OTHER}`
    await user.paste(text)
    expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }])
    expect(screen.getByText(/The text holds 2 codes: checked the first/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Check all 2 in Bulk' }))
    expect(bridge.calls.startBulk).toEqual([{ text }])
    expect(screen.getByRole('tab', { name: 'Bulk' })).toHaveAttribute('aria-selected', 'true')
    useBulk.getState().reset()
  })

  it('says so when the text holds no code, sends nothing, and checks anyway on request', async () => {
    const bridge = installFakeBridge({ validatePurchase: invalid() })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), 'thanks{Enter}')
    expect(bridge.calls.validatePurchase).toBeUndefined()
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('No purchase code found in this text')
    await user.click(within(alert).getByRole('button', { name: 'Check anyway' }))
    expect(bridge.calls.validatePurchase).toEqual([{ code: 'thanks' }])
    // The send was real: its verdict shows, with the one warning that goes with it.
    expect(await screen.findByRole('article', { name: 'Not valid' })).toBeInTheDocument()
    expect(screen.getByText(/It was checked anyway/)).toBeInTheDocument()
  })

  it('offers no "Check anyway" for text with spaces: one sentence, one next step', async () => {
    // Main refuses such text as invalid input: offering to send it led to two messages.
    const bridge = installFakeBridge({ validatePurchase: invalid() })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), 'hello there{Enter}')
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(
      'No purchase code found in this text: a code has no spaces, so paste just the code.'
    )
    expect(within(alert).queryByRole('button')).toBeNull()
    // Even asked directly, the store does not send it.
    await act(() => useValidate.getState().check('hello there', { anyway: true }))
    expect(bridge.calls.validatePurchase).toBeUndefined()
    expect(screen.queryByText(/checked anyway/)).toBeNull()
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it('shrinks the verdict to one muted line once the field holds another code', async () => {
    installFakeBridge({ validatePurchase: validOn() })
    const user = userEvent.setup()
    render(<ValidateView />)
    const field = screen.getByLabelText('Purchase code')
    await user.type(field, `${CODE}{Enter}`)
    expect(
      await screen.findByRole('article', { name: 'Valid · support active' })
    ).not.toHaveAttribute('data-stale')
    await user.clear(field)
    await user.type(field, OTHER)
    // No big verdict left for a code the field no longer holds: one line, naming its code.
    expect(screen.queryByRole('heading', { name: /^(Valid( ·|$)|Not valid)/ })).toBeNull()
    const earlier = screen.getByRole('article', {
      name: `Earlier: Valid · support active · ${shortCode(CODE)}`
    })
    expect(earlier).toHaveAttribute('data-stale', 'true')
    expect(earlier).toHaveTextContent(
      `Earlier: Valid · support active · ${shortCode(CODE)} Press Enter to check ${shortCode(OTHER)}.`
    )
    expect(within(earlier).getByTitle(CODE)).toBeInTheDocument()
    // Back to the card's own code: the whole card again.
    await user.clear(field)
    await user.type(field, CODE.toUpperCase())
    expect(
      await screen.findByRole('heading', { name: 'Valid · support active' })
    ).toBeInTheDocument()
    expect(screen.getByRole('article')).not.toHaveAttribute('data-stale')
  })
})

describe('demo sample codes', () => {
  const samples = {
    valid: '11111111-2222-4333-8444-555555555555',
    expired: '22222222-2222-4333-8444-555555555555',
    noSupport: '33333333-2222-4333-8444-555555555555',
    invalid: '44444444-2222-4333-8444-555555555555'
  }

  it('offers one click per verdict on the demo, and nothing on a real marketplace', async () => {
    const bridge = installFakeBridge({
      getSampleCodes: async () => ok(samples),
      validatePurchase: invalid()
    })
    const user = userEvent.setup()
    const { unmount } = render(<ValidateView />)
    const group = await screen.findByRole('region', { name: 'Try a demo code' })
    await user.click(within(group).getByRole('button', { name: 'Invalid' }))
    expect(bridge.calls.validatePurchase).toEqual([{ code: samples.invalid }])
    expect(screen.getByLabelText('Purchase code')).toHaveValue(samples.invalid)
    expect(await screen.findByRole('article', { name: 'Not valid' })).toBeInTheDocument()
    unmount()

    useValidate.getState().reset()
    installFakeBridge({ getSampleCodes: async () => ok(null) })
    render(<ValidateView />)
    await act(async () => {})
    expect(screen.queryByRole('region', { name: 'Try a demo code' })).toBeNull()
  })
})
