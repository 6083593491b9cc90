import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { CrashNotice, resetCrashNoticeForTests } from '../../../renderer/src/frame/CrashNotice'
import { installFakeBridge, ok, resetStores } from '../fake-bridge'

beforeEach(() => {
  resetStores()
  resetCrashNoticeForTests()
})

describe('the crash notice', () => {
  const LINE = "Seller Desk's window stopped unexpectedly and was reloaded; nothing was lost."

  it('shows the line main kept after a crash reload, once, until dismissed', async () => {
    const bridge = installFakeBridge({ takeCrashNotice: async () => ok({ line: LINE }) })
    const first = render(
      <main id="content">
        <h1>Account</h1>
        <CrashNotice />
      </main>
    )
    expect(await screen.findByText(LINE)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText(LINE)).toBeNull()
    // Focus stays in the view rather than falling to the page.
    expect(screen.getByRole('heading', { name: 'Account' })).toHaveFocus()
    first.unmount()
    // The view column remounting (another connection) neither asks again nor shows it again.
    render(<CrashNotice />)
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.queryByText(LINE)).toBeNull()
    expect(bridge.takeCrashNotice).toHaveBeenCalledTimes(1)
  })

  it('shows nothing after a normal start', async () => {
    const bridge = installFakeBridge()
    const { container } = render(<CrashNotice />)
    await waitFor(() => expect(bridge.takeCrashNotice).toHaveBeenCalled())
    expect(container).toBeEmptyDOMElement()
  })
})
