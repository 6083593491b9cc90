import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { QuickSettings, Validation } from '../../../shared/ipc/contract'
import { App } from '../../../renderer/src/App'
import { QuickApp } from '../../../renderer/src/quick/QuickApp'
import { isQuickRoute } from '../../../renderer/src/quick/route'
import { useValidate } from '../../../renderer/src/stores/validate'
import { QuickLookupSection } from '../../../renderer/src/views/settings/QuickLookupSection'
import { deferred, installFakeBridge, ok, resetStores, samplePurchase } from '../fake-bridge'

const CODE = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const OTHER = '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d'

beforeEach(() => {
  resetStores()
  useValidate.getState().reset()
})

/** A slot like main's: handed out once. */
function slot(code: string | null) {
  let held = code
  return async () => {
    const taken = held
    held = null
    return ok({ code: taken })
  }
}

/** The main window's slot: a code, with the verdict main already has when it was just checked. */
function mainSlot(code: string | null, checked: Validation | null = null) {
  let held = code
  return async () => {
    const taken = held
    held = null
    return ok({ code: taken, checked: taken === null ? null : checked })
  }
}

const verdict = () =>
  screen.findByRole('article', { name: 'Valid · support active' }, { timeout: 5000 })

describe('main window: a pending lookup from a deep link or the tray', () => {
  it('shows Validate with the verdict for the code main left, once', async () => {
    const bridge = installFakeBridge({ takePendingLookup: mainSlot(CODE) })
    render(<App />)
    // Validate is a lazily loaded chunk: slow on a busy machine.
    await screen.findByRole('heading', { name: 'Validate', level: 1 }, { timeout: 5000 })
    expect(await verdict()).toHaveTextContent(CODE)
    expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }])
  })

  it('shows a verdict handed over with the code without asking the marketplace again', async () => {
    const checked: Validation = {
      valid: true,
      purchase: samplePurchase({ purchase_code: CODE, supported_until: '2020-01-01T00:00:00Z' }),
      code: CODE,
      checkedAt: new Date().toISOString()
    }
    const bridge = installFakeBridge({ takePendingLookup: mainSlot(CODE, checked) })
    render(<App />)
    await screen.findByRole('heading', { name: 'Validate', level: 1 }, { timeout: 5000 })
    // The handed-over verdict (support expired), not a new check's (the fake says supported).
    const card = await screen.findByRole(
      'article',
      { name: 'Valid · support expired' },
      { timeout: 5000 }
    )
    expect(card).toHaveTextContent(CODE)
    expect(card).toHaveTextContent(/Support expired/)
    expect(screen.getByLabelText('Purchase code', { selector: 'input' })).toHaveValue(CODE)
    expect(bridge.calls.validatePurchase).toBeUndefined()
  })

  it('asks again when the window is focused (main focuses it when a link arrives)', async () => {
    let pending: string | null = null
    const bridge = installFakeBridge({
      takePendingLookup: async () => {
        const code = pending
        pending = null
        return ok({ code, checked: null })
      }
    })
    render(<App />)
    await waitFor(() => expect(bridge.takePendingLookup).toHaveBeenCalled())
    expect(bridge.calls.validatePurchase).toBeUndefined()
    pending = CODE
    act(() => void window.dispatchEvent(new Event('focus')))
    expect(await verdict()).toHaveTextContent(CODE)
  })
})

describe('lookup window (?view=quick)', () => {
  it('is its own route of the same page', () => {
    expect(isQuickRoute('?view=quick')).toBe(true)
    expect(isQuickRoute('')).toBe(false)
  })

  it('checks the clipboard code main found; Enter opens the record in the main window, Escape closes', async () => {
    const bridge = installFakeBridge({
      takeQuickLookup: slot(CODE),
      openInMainWindow: async () => ok(null),
      closeQuickLookup: async () => ok(null)
    })
    render(<QuickApp />)
    expect(await verdict()).toHaveTextContent(CODE)
    expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }])
    const field = screen.getByLabelText('Purchase code')
    expect(field).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(bridge.calls.openInMainWindow).toEqual([{ code: CODE }])
    await userEvent.keyboard('{Escape}')
    expect(bridge.closeQuickLookup).toHaveBeenCalledTimes(1)
  })

  it('with no code on the clipboard, opens empty with the field focused; a typed code is checked on Enter', async () => {
    const bridge = installFakeBridge({ takeQuickLookup: slot(null) })
    render(<QuickApp />)
    const field = await screen.findByLabelText('Purchase code')
    await waitFor(() => expect(field).toHaveFocus())
    expect(bridge.calls.validatePurchase).toBeUndefined()
    await userEvent.type(field, `code: ${CODE}{Enter}`)
    expect(await verdict()).toBeInTheDocument()
    expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }])
    expect(bridge.calls.openInMainWindow).toBeUndefined()
  })
})

describe('lookup window: a slow answer', () => {
  it('shows the checking skeleton only after a grace period, and locks the field at once', async () => {
    const answer = deferred<null>()
    const bridge = installFakeBridge({
      takeQuickLookup: slot(null),
      validatePurchase: async (req) => {
        await answer.promise
        return ok({
          valid: true as const,
          purchase: samplePurchase({ purchase_code: req.code }),
          code: req.code,
          checkedAt: new Date().toISOString()
        })
      }
    })
    render(<QuickApp />)
    const field = await screen.findByLabelText('Purchase code')
    vi.useFakeTimers()
    try {
      fireEvent.change(field, { target: { value: CODE } })
      fireEvent.submit(field.closest('form')!)
      expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled()
      expect(screen.queryByRole('status', { name: 'Checking the code' })).toBeNull()
      act(() => void vi.advanceTimersByTime(150))
      expect(screen.getByRole('status', { name: 'Checking the code' })).toBeInTheDocument()
      expect(bridge.calls.validatePurchase).toEqual([{ code: CODE }])
    } finally {
      vi.useRealTimers()
    }
    await act(async () => answer.resolve(null))
    expect(await verdict()).toHaveTextContent(CODE)
    expect(screen.queryByRole('status', { name: 'Checking the code' })).toBeNull()
  })
})

describe('lookup window: a card for another code', () => {
  it('shrinks the card to one line once the field holds another code, and restores it when the code is back', async () => {
    installFakeBridge({ takeQuickLookup: slot(CODE) })
    render(<QuickApp />)
    expect(await verdict()).not.toHaveAttribute('data-stale')
    const field = screen.getByLabelText('Purchase code')
    fireEvent.change(field, { target: { value: OTHER } })
    expect(screen.queryByRole('heading', { name: /^(Valid( ·|$)|Not valid)/ })).toBeNull()
    expect(screen.getByRole('article')).toHaveAttribute('data-stale', 'true')
    expect(screen.getByRole('article')).toHaveTextContent(/^Earlier: Valid · support active · /)
    fireEvent.change(field, { target: { value: CODE } })
    expect(screen.getByRole('article')).not.toHaveAttribute('data-stale')
    expect(screen.getByRole('heading', { name: 'Valid · support active' })).toBeInTheDocument()
  })
})

const quickSettings = (over: Partial<QuickSettings> = {}): QuickSettings => ({
  available: true,
  shortcut: 'CommandOrControl+Alt+V',
  shortcutLabel: 'Ctrl+Alt+V',
  shortcutStatus: { state: 'on', message: null },
  keepInTray: true,
  trayAvailable: true,
  ...over
})

describe('Settings: quick lookup', () => {
  it('says "desktop app only" in the browser host', async () => {
    installFakeBridge({ getQuickSettings: async () => ok(quickSettings({ available: false })) })
    render(<QuickLookupSection />)
    expect(await screen.findByText(/Desktop app only/)).toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
  })

  it('shows why the system refused the shortcut, and records a new combination', async () => {
    const bridge = installFakeBridge({
      getQuickSettings: async () =>
        ok(
          quickSettings({
            shortcutStatus: {
              state: 'refused',
              message: 'Ctrl+Alt+V is used by another app; choose another.'
            }
          })
        ),
      setQuickSettings: async (req) =>
        ok(quickSettings({ shortcut: req.shortcut ?? null, shortcutLabel: 'Ctrl+Shift+L' }))
    })
    render(<QuickLookupSection />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ctrl+Alt+V is used by another app; choose another.'
    )
    await userEvent.click(screen.getByRole('button', { name: 'Ctrl+Alt+V' }))
    const recorder = screen.getByRole('button', { name: 'Press keys…' })
    fireEvent.keyDown(recorder, { key: 'Control', code: 'ControlLeft', ctrlKey: true })
    expect(bridge.calls.setQuickSettings).toBeUndefined()
    fireEvent.keyDown(recorder, { key: 'L', code: 'KeyL', ctrlKey: true, shiftKey: true })
    await screen.findByRole('button', { name: 'Ctrl+Shift+L' })
    expect(bridge.calls.setQuickSettings).toEqual([{ shortcut: 'CommandOrControl+Shift+L' }])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('refuses a combination without Ctrl, Alt or Cmd before asking main, and turns the tray setting off', async () => {
    const bridge = installFakeBridge({
      getQuickSettings: async () => ok(quickSettings()),
      setQuickSettings: async (req) => ok(quickSettings({ keepInTray: req.keepInTray ?? true }))
    })
    render(<QuickLookupSection />)
    await userEvent.click(await screen.findByRole('button', { name: 'Ctrl+Alt+V' }))
    fireEvent.keyDown(screen.getByRole('button', { name: 'Press keys…' }), {
      key: 'v',
      code: 'KeyV'
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Add Ctrl, Alt or Cmd')
    const tray = screen.getByRole('checkbox', {
      name: 'Keep running in the tray when the window is closed'
    })
    expect(tray).toBeChecked()
    await userEvent.click(tray)
    expect(bridge.calls.setQuickSettings).toEqual([{ keepInTray: false }])
    await waitFor(() => expect(tray).not.toBeChecked())
  })
})
