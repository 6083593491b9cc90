import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { App } from '../../../renderer/src/App'
import { useNav } from '../../../renderer/src/stores/nav'
import { installFakeBridge, resetStores } from '../fake-bridge'

// After every move the focus is in the new view and a screen reader hears its name: the
// heading (which reads the name), or the view's own field with the name said politely.
// Never the page body.

beforeEach(() => resetStores())

const heading = (name: string) => screen.findByRole('heading', { name, level: 1 })

describe('focus after a move', () => {
  it('goes to the heading after a view shortcut and after a sidebar click', async () => {
    installFakeBridge()
    render(<App />)
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    fireEvent.keyDown(window, { key: '4', code: 'Digit4', ctrlKey: true })
    await waitFor(async () => expect(await heading('History')).toHaveFocus())

    const settings = within(nav).getByRole('button', { name: /Settings/ })
    await userEvent.click(settings)
    await waitFor(async () => expect(await heading('Settings')).toHaveFocus())
    // Only reachable from script: Tab does not stop on it.
    expect(await heading('Settings')).toHaveAttribute('tabindex', '-1')
  })

  it("leaves Validate's field focused and names the view in the polite line", async () => {
    installFakeBridge()
    render(<App />)
    await screen.findByRole('navigation', { name: 'Main' })
    fireEvent.keyDown(window, { key: '3', code: 'Digit3', ctrlKey: true })
    const field = await screen.findByLabelText('Purchase code', { selector: 'input' })
    await waitFor(() => expect(screen.getByTestId('view-announcer')).toHaveTextContent('Validate'))
    expect(field).toHaveFocus()
  })

  it('goes to the item’s heading when an item opens, and not on the start', async () => {
    installFakeBridge()
    render(<App />)
    await heading('Account')
    // The view the app opens on does not take the focus from wherever the system left it.
    await act(async () => new Promise((r) => requestAnimationFrame(() => r())))
    expect(document.activeElement).toBe(document.body)
    await act(async () => useNav.getState().openItem(101))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getAllByRole('heading', { level: 1 })[0])
    )
    expect(document.activeElement?.tagName).toBe('H1')
  })
})
