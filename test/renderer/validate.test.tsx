import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ValidateView } from '../../renderer/src/views/validate/ValidateView'
import { supportLine } from '../../renderer/src/views/validate/support'
import { useValidate } from '../../renderer/src/stores/validate'
import { useNav } from '../../renderer/src/stores/nav'
import { isUuidShaped, isWholeCodePaste, normaliseCode } from '../../renderer/src/lib/codes'
import type { SellerDeskApi } from '../../shared/ipc/api'
import type { Purchase } from '../../shared/model'
import { HOSTILE, err, installFakeBridge, ok, sampleItem, samplePurchase } from './fake-bridge'

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
    const card = await screen.findByRole('article', { name: 'Valid' })
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

  it('shows expired support in amber words and no support as neutral', async () => {
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
    const card = await screen.findByRole('article', { name: 'Valid' })
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
    const next = await screen.findByRole('article', { name: 'Valid' })
    expect(within(next).getByText('No support')).toHaveAttribute('data-tone', 'neutral')
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
    expect(await screen.findByRole('article', { name: 'Valid' })).toBeInTheDocument()
  })

  it('warns about a code that is not UUID-shaped but still checks it', async () => {
    const bridge = installFakeBridge({ validatePurchase: invalid() })
    const user = userEvent.setup()
    render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), 'abcd-1234-old-style{Enter}')
    expect(bridge.calls.validatePurchase).toEqual([{ code: 'abcd-1234-old-style' }])
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
    expect(alert).toHaveTextContent('Can’t reach the marketplace')
    expect(alert).toHaveTextContent('Could not reach market.test.')
    expect(screen.queryByRole('article')).toBeNull()
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('article', { name: 'Valid' })).toBeInTheDocument()
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
    await screen.findByRole('article', { name: 'Valid' })
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
    expect(await screen.findByRole('article', { name: 'Valid' })).toBeInTheDocument()
    expect(field).toHaveValue(CODE)
    expect(bridge.calls.validatePurchase).toHaveLength(2)
  })

  it('opens the purchased item from the mini-card and keeps the verdict for Back', async () => {
    installFakeBridge({ validatePurchase: validOn() })
    const user = userEvent.setup()
    const first = render(<ValidateView />)
    await user.type(screen.getByLabelText('Purchase code'), `${CODE}{Enter}`)
    await user.click(
      await screen.findByRole('button', { name: 'Open item Northwind Admin Dashboard' })
    )
    expect(useNav.getState()).toMatchObject({ view: 'item', itemId: 101, previous: 'validate' })
    first.unmount()
    render(<ValidateView />)
    expect(screen.getByRole('article', { name: 'Valid' })).toBeInTheDocument()
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
    expect(supportLine(null, now)).toEqual({ tone: 'neutral', text: 'No support' })
    expect(supportLine('2025-06-11T13:00:00Z', now)).toEqual({
      tone: 'ok',
      text: 'Support active · 10 days left'
    })
    expect(supportLine('2025-06-02T11:00:00Z', now)).toEqual({
      tone: 'ok',
      text: 'Support active · ends today'
    })
    expect(supportLine('2025-06-02T13:00:00Z', now)).toEqual({
      tone: 'ok',
      text: 'Support active · 1 day left'
    })
    expect(supportLine('2025-03-03T00:00:00Z', now).tone).toBe('warn')
    expect(supportLine('2025-03-03T00:00:00Z', now).text).toMatch(/^Support expired /)
  })

  it('normalises and recognises codes', () => {
    expect(normaliseCode(`  ${CODE.toUpperCase()}\n`)).toBe(CODE)
    expect(isUuidShaped(CODE)).toBe(true)
    expect(isUuidShaped('abcd-1234')).toBe(false)
    expect(isWholeCodePaste(`${CODE}\n`)).toBe(true)
    expect(isWholeCodePaste('two codes here')).toBe(false)
    expect(isWholeCodePaste('abc')).toBe(false)
  })
})
