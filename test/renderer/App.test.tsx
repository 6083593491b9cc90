import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { App } from '../../renderer/src/App'
import { useAccount } from '../../renderer/src/stores/account'
import { useNav } from '../../renderer/src/stores/nav'
import { toast } from '../../renderer/src/ui/toast'
import {
  deferred,
  err,
  installFakeBridge,
  ok,
  resetStores,
  sampleAccount,
  sampleConnections,
  freshness
} from './fake-bridge'
import type { Result } from '../../shared/errors'
import type { ConnectionsState } from '../../shared/ipc/contract'

beforeEach(() => resetStores())

function nav(): HTMLElement {
  return screen.getByRole('navigation', { name: 'Main' })
}

describe('first run', () => {
  it('shows the Connect screen, not the frame, when there is no connection', async () => {
    installFakeBridge({
      listConnections: async () => ok({ connections: [], activeId: null, keychain: 'available' })
    })
    render(<App />)
    expect(
      await screen.findByRole('heading', { name: 'Connect your marketplace' })
    ).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
  })

  it('shows a skeleton frame while the connection list loads', async () => {
    const list = deferred<Result<ConnectionsState>>()
    installFakeBridge({ listConnections: () => list.promise })
    render(<App />)
    expect(screen.getByLabelText('Loading Seller Desk')).toHaveAttribute('aria-busy', 'true')
    await act(async () => list.resolve(ok(sampleConnections())))
    expect(nav()).toBeInTheDocument()
  })

  it('says why when the connection list cannot be read, and retries', async () => {
    let calls = 0
    installFakeBridge({
      listConnections: async () =>
        ++calls === 1 ? err('internal', 'Settings file is unreadable.') : ok(sampleConnections())
    })
    render(<App />)
    expect(await screen.findByText('Settings file is unreadable.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })
})

describe('frame', () => {
  it('opens on the view the seller left it on, asking nothing of the others', async () => {
    const bridge = installFakeBridge({
      getSettings: async () => ok({ theme: 'system' as const, lastView: 'items' as const })
    })
    render(<App />)
    expect(await screen.findByRole('heading', { name: 'Items', level: 1 })).toBeInTheDocument()
    expect(within(nav()).getByRole('button', { name: /Items/ })).toHaveAttribute(
      'aria-current',
      'page'
    )
    // Asked by Items' mount effect, which may run a task after the render that showed it.
    await waitFor(() => expect(bridge.queryItems).toHaveBeenCalled())
    expect(bridge.getAccount).not.toHaveBeenCalled()
    expect(bridge.setLastView).not.toHaveBeenCalled()
  })

  it('remembers each view the seller opens, not an item opened from the list', async () => {
    const bridge = installFakeBridge()
    render(<App />)
    await screen.findByRole('heading', { name: 'Account', level: 1 })
    fireEvent.keyDown(window, { key: '4', code: 'Digit4', ctrlKey: true })
    await screen.findByRole('heading', { name: 'History', level: 1 })
    await act(async () => useNav.getState().openItem(7))
    await act(async () => useNav.getState().back())
    fireEvent.keyDown(window, { key: '1', code: 'Digit1', ctrlKey: true })
    await screen.findByRole('heading', { name: 'Account', level: 1 })
    expect(bridge.calls.setLastView).toEqual([{ view: 'history' }, { view: 'account' }])
  })

  it('shows the active connection with a Demo badge and the five sections with shortcuts', async () => {
    installFakeBridge({ listConnections: async () => ok(sampleConnections({ activeId: 'demo' })) })
    render(<App />)
    const trigger = await screen.findByRole('button', { name: /Connection: Demo marketplace/ })
    expect(within(trigger).getByText('Demo')).toBeInTheDocument()
    const links = within(nav()).getAllByRole('button')
    expect(links.map((l) => l.textContent)).toEqual([
      'AccountCtrl+1',
      'ItemsCtrl+2',
      'ValidateCtrl+3',
      'HistoryCtrl+4',
      'SettingsCtrl+5'
    ])
    expect(within(nav()).getByRole('button', { name: /Account/ })).toHaveAttribute(
      'aria-current',
      'page'
    )
  })

  it('switches views with Ctrl+1..5 and jumps to Validate with Ctrl+K', async () => {
    installFakeBridge()
    render(<App />)
    await screen.findByRole('navigation', { name: 'Main' })
    fireEvent.keyDown(window, { key: '5', code: 'Digit5', ctrlKey: true })
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument()
    expect(within(nav()).getByRole('button', { name: /Settings/ })).toHaveAttribute(
      'aria-current',
      'page'
    )
    fireEvent.keyDown(window, { key: 'k', code: 'KeyK', ctrlKey: true })
    expect(useNav.getState().view).toBe('validate')
    fireEvent.keyDown(window, { key: '1', code: 'Digit1', ctrlKey: true })
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument()
  })

  it('refreshes the view shown with Ctrl+R, and leaves the key alone where there is no Refresh', async () => {
    const bridge = installFakeBridge()
    render(<App />)
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument()
    await screen.findByRole('button', { name: 'Refresh' })
    await act(async () => {
      expect(fireEvent.keyDown(window, { key: 'r', code: 'KeyR', ctrlKey: true })).toBe(false)
    })
    expect(bridge.calls.getAccount).toContainEqual({ refresh: true })

    fireEvent.keyDown(window, { key: '2', code: 'Digit2', ctrlKey: true })
    await screen.findByRole('heading', { name: 'Items', level: 1 })
    await act(async () => {
      expect(fireEvent.keyDown(window, { key: 'r', code: 'KeyR', ctrlKey: true })).toBe(false)
    })
    expect(bridge.calls.listItems).toContainEqual({ refresh: true })

    fireEvent.keyDown(window, { key: '5', code: 'Digit5', ctrlKey: true })
    await screen.findByRole('heading', { name: 'Settings', level: 1 })
    expect(fireEvent.keyDown(window, { key: 'r', code: 'KeyR', ctrlKey: true })).toBe(true)
    // Without the modifier it is a letter, not Refresh.
    fireEvent.keyDown(window, { key: '1', code: 'Digit1', ctrlKey: true })
    await screen.findByRole('heading', { name: 'Account', level: 1 })
    const before = bridge.getAccount.mock.calls.length
    expect(fireEvent.keyDown(window, { key: 'r', code: 'KeyR' })).toBe(true)
    expect(bridge.getAccount.mock.calls.length).toBe(before)
  })

  it('ignores the digits without the modifier (typing in a field must not navigate)', async () => {
    installFakeBridge()
    render(<App />)
    await screen.findByRole('navigation', { name: 'Main' })
    fireEvent.keyDown(window, { key: '2', code: 'Digit2' })
    expect(useNav.getState().view).toBe('account')
  })

  it('goes back from an item detail with Escape', async () => {
    installFakeBridge()
    render(<App />)
    await screen.findByRole('navigation', { name: 'Main' })
    act(() => useNav.getState().go('items'))
    act(() => useNav.getState().openItem(101))
    expect(within(nav()).getByRole('button', { name: /Items/ })).toHaveAttribute(
      'aria-current',
      'page'
    )
    fireEvent.keyDown(window, { key: 'Escape', code: 'Escape' })
    expect(useNav.getState().view).toBe('items')
  })

  it('applies the saved theme to the document', async () => {
    installFakeBridge({ getSettings: async () => ok({ theme: 'dark' as const }) })
    render(<App />)
    await screen.findByRole('navigation', { name: 'Main' })
    expect(document.documentElement.dataset['theme']).toBe('dark')
  })

  it('follows the OS when settings cannot be read', async () => {
    installFakeBridge({ getSettings: async () => err('internal', 'nope') })
    render(<App />)
    await screen.findByRole('navigation', { name: 'Main' })
    expect(document.documentElement.dataset['themeChoice']).toBe('system')
    // jsdom has no dark OS preference: 'system' resolves to the light palette.
    expect(document.documentElement.dataset['theme']).toBe('light')
  })

  it('switches connection from the sidebar menu and drops the old account data', async () => {
    const bridge = installFakeBridge({
      getAccount: async () => ok({ data: sampleAccount(), freshness: freshness() })
    })
    render(<App />)
    await screen.findByText('Mira Okafor')
    await userEvent.click(screen.getByRole('button', { name: /Connection: market.test/ }))
    const menu = screen.getByRole('menu', { name: 'Connections' })
    expect(within(menu).getByRole('menuitemradio', { name: /market.test/ })).toHaveAttribute(
      'aria-checked',
      'true'
    )

    bridge.getAccount.mockImplementation(async () =>
      ok({
        data: sampleAccount({ name: { firstname: 'D', lastname: 'S', full_name: 'Demo Seller' } }),
        freshness: freshness()
      })
    )
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /Demo marketplace/ }))
    expect(bridge.calls.setActiveConnection).toEqual([{ id: 'demo' }])
    expect(await screen.findByText('Demo Seller')).toBeInTheDocument()
    expect(screen.queryByText('Mira Okafor')).not.toBeInTheDocument()
    expect(useAccount.getState().account?.name.full_name).toBe('Demo Seller')
  })

  it('closes the connection menu with Escape and returns focus to its button', async () => {
    installFakeBridge()
    render(<App />)
    const trigger = await screen.findByRole('button', { name: /Connection:/ })
    await userEvent.click(trigger)
    expect(screen.getByRole('menu')).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()
  })

  it('shows a placeholder for a section that is not built', async () => {
    installFakeBridge()
    render(<App />)
    await screen.findByRole('navigation', { name: 'Main' })
    await userEvent.click(within(nav()).getByRole('button', { name: /History/ }))
    expect(await screen.findByRole('heading', { name: 'History', level: 1 })).toBeInTheDocument()
  })
})

describe('toasts', () => {
  it('sit under the content, not over it, and leave with the view they belong to', async () => {
    installFakeBridge()
    render(<App />)
    await screen.findByRole('heading', { name: 'Account', level: 1 })
    fireEvent.keyDown(window, { key: '5', code: 'Digit5', ctrlKey: true })
    await screen.findByRole('heading', { name: 'Settings', level: 1 })
    act(() => toast('Cache cleared'))
    const region = screen.getByTestId('toasts')
    expect(region).toHaveTextContent('Cache cleared')
    // Docked in the frame's column, after the scrolling content: it takes room of its own.
    expect(region.previousElementSibling).toBe(document.getElementById('content'))
    fireEvent.keyDown(window, { key: '4', code: 'Digit4', ctrlKey: true })
    await screen.findByRole('heading', { name: 'History', level: 1 })
    expect(screen.getByTestId('toasts')).toBeEmptyDOMElement()
    // A toast about the view shown stays while it is shown.
    act(() => toast('Exported'))
    expect(screen.getByTestId('toasts')).toHaveTextContent('Exported')
  })
})
