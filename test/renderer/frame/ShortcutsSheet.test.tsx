import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { App } from '../../../renderer/src/App'
import { useNav } from '../../../renderer/src/stores/nav'
import { installFakeBridge, ok, resetStores } from '../fake-bridge'

// The keyboard-shortcuts sheet: Ctrl/Cmd+/ (also what Help → Keyboard Shortcuts sends) and
// the sidebar's Shortcuts button open it; Escape closes it and gives the focus back.

beforeEach(() => resetStores())

const sheet = () => screen.findByRole('dialog', { name: 'Keyboard shortcuts' })

describe('keyboard shortcuts sheet', () => {
  it('opens on Ctrl+/, lists every app key, and Escape closes it with the focus back', async () => {
    installFakeBridge()
    render(<App />)
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const items = within(nav).getByRole('button', { name: /Items/ })
    items.focus()
    fireEvent.keyDown(window, { key: '/', code: 'Slash', ctrlKey: true })
    const dialog = await sheet()
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(screen.getByRole('heading', { name: 'Keyboard shortcuts' })).toHaveFocus()
    const text = dialog.textContent ?? ''
    for (const key of ['Ctrl+1', 'Ctrl+5', 'Ctrl+K', 'Ctrl+R', 'Ctrl+/', 'Ctrl+F', 'Ctrl+Enter'])
      expect(text).toContain(key)
    expect(text).toContain('Move between cards')
    // Modal: the view shortcuts do nothing behind it.
    fireEvent.keyDown(window, { key: '4', code: 'Digit4', ctrlKey: true })
    expect(useNav.getState().view).toBe('account')
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(items).toHaveFocus()
  })

  it('uses ⌘ on macOS, as main reports the platform, and opens from the sidebar too', async () => {
    installFakeBridge({
      getAppInfo: async () =>
        ok({ name: 'Seller Desk', version: '0.1.0', transport: 'electron', platform: 'darwin' })
    })
    render(<App />)
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    await within(nav).findByText('⌘1')
    const validate = within(nav).getByRole('button', { name: /Validate/ })
    expect(validate).toHaveAttribute('title', 'Validate (⌘3, or ⌘K to check a code)')
    expect(validate).toHaveAttribute('aria-keyshortcuts', 'Meta+3 Meta+K')
    // Ctrl is not the Mac's modifier: Ctrl+/ leaves the page alone there.
    fireEvent.keyDown(window, { key: '/', code: 'Slash', ctrlKey: true })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const open = screen.getByRole('button', { name: 'Shortcuts' })
    expect(open).toHaveAttribute('title', 'Keyboard shortcuts (⌘/)')
    await userEvent.click(open)
    const dialog = await sheet()
    expect(dialog.textContent).toContain('⌘K')
    expect(dialog.textContent).not.toContain('Ctrl+')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    act(() => {
      fireEvent.keyDown(window, { key: '/', code: 'Slash', metaKey: true })
    })
    expect(await sheet()).toBeInTheDocument()
  })
})
