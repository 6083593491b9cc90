import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useBalanceNotices } from '../../../renderer/src/frame/balance-notices'
import { useNav } from '../../../renderer/src/stores/nav'
import { installFakeBridge, ok, resetStores } from '../fake-bridge'

/** What the page made with the Web Notifications API. */
class RecordingNotification {
  static permission: NotificationPermission = 'granted'
  static made: RecordingNotification[] = []
  onclick: (() => void) | null = null
  closed = false
  constructor(
    readonly title: string,
    readonly options: { body: string }
  ) {
    RecordingNotification.made.push(this)
  }
  close(): void {
    this.closed = true
  }
}

const notice = {
  seq: 1,
  connectionId: 'c1',
  title: 'Balance up $21.10 · now $1,305.67 · Demo marketplace',
  body: 'Likely a sale. Open Account to see how the balance moved.'
}

beforeEach(() => {
  resetStores()
  RecordingNotification.made = []
  RecordingNotification.permission = 'granted'
  ;(window as unknown as { Notification: unknown }).Notification = RecordingNotification
  useNav.getState().go('validate')
  // jsdom has no windows to bring forward.
  window.focus = () => undefined
})
afterEach(() => {
  delete (window as unknown as { Notification?: unknown }).Notification
})

describe('balance notices in the page', () => {
  it('in the browser host, shows a new notice once allowed; its click opens Account', async () => {
    let taken = 0
    installFakeBridge({
      takeBalanceNotices: async ({ after }) =>
        ok(
          taken++ === 0
            ? { notices: [], last: 0, openAccount: false }
            : { notices: after === 0 ? [notice] : [], last: 1, openAccount: false }
        )
    })
    renderHook(() => useBalanceNotices(true))
    await waitFor(() => expect(taken).toBeGreaterThan(0))
    // The next ask comes with focus as well as with time.
    await act(async () => window.dispatchEvent(new Event('focus')))
    await waitFor(() => expect(RecordingNotification.made).toHaveLength(1))
    const shown = RecordingNotification.made[0]!
    expect([shown.title, shown.options.body]).toEqual([notice.title, notice.body])
    expect(useNav.getState().view).toBe('validate')
    act(() => shown.onclick?.())
    expect(useNav.getState().view).toBe('account')
    expect(shown.closed).toBe(true)
  })

  it('shows nothing the seller has not allowed', async () => {
    RecordingNotification.permission = 'default'
    installFakeBridge({
      takeBalanceNotices: async () => ok({ notices: [notice], last: 1, openAccount: false })
    })
    renderHook(() => useBalanceNotices(true))
    await act(async () => window.dispatchEvent(new Event('focus')))
    await act(async () => window.dispatchEvent(new Event('focus')))
    expect(RecordingNotification.made).toEqual([])
  })

  it('in the desktop app, shows none itself and opens Account after a notification was clicked', async () => {
    const bridge = installFakeBridge({
      getAppInfo: async () =>
        ok({ name: 'Seller Desk', version: '0.1.0', transport: 'electron', platform: 'linux' }),
      takeBalanceNotices: async () => ok({ notices: [notice], last: 1, openAccount: true })
    })
    renderHook(() => useBalanceNotices(true))
    await waitFor(() => expect(useNav.getState().view).toBe('account'))
    expect(bridge.takeBalanceNotices).toHaveBeenCalled()
    expect(RecordingNotification.made).toEqual([])
  })
})
