import { useEffect } from 'react'
import type { BalanceNotice } from '../../../shared/ipc/contract'
import { getBridge } from '../bridge'
import { useNav } from '../stores/nav'

/** How often a page in the browser host asks for notices: a few seconds after a read. */
const ASK_MS = 10_000

/** Shows a notice with the Web Notifications API, once the seller allowed it; a click opens Account. */
function showWebNotification(notice: BalanceNotice): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
  const shown = new Notification(notice.title, { body: notice.body, tag: `balance-${notice.seq}` })
  shown.onclick = () => {
    window.focus()
    useNav.getState().go('account')
    shown.close()
  }
}

/**
 * The balance watch's notices. The desktop app shows them itself (main's Notification); the
 * page only learns that one was clicked, when the window comes forward, and opens Account.
 * The browser host cannot show one outside the page: the page asks main every few seconds
 * and shows what came with the Web Notifications API.
 */
export function useBalanceNotices(connected: boolean): void {
  useEffect(() => {
    if (!connected) return
    let stopped = false
    let after = -1
    let timer: number | undefined
    let inBrowser = false
    const ask = async (): Promise<void> => {
      const r = await getBridge().takeBalanceNotices({ after })
      if (!r.ok || stopped) return
      if (r.data.openAccount) useNav.getState().go('account')
      if (inBrowser) for (const notice of r.data.notices) showWebNotification(notice)
      after = r.data.last
    }
    const poll = async (): Promise<void> => {
      await ask()
      if (!stopped) timer = window.setTimeout(() => void poll(), ASK_MS)
    }
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') void ask()
    }
    const onFocus = (): void => void ask()
    void getBridge()
      .getAppInfo()
      .then((info) => {
        if (stopped) return
        inBrowser = info.ok && info.data.transport === 'browser'
        if (inBrowser) void poll()
        else void ask()
      })
    window.addEventListener('focus', onFocus)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      stopped = true
      window.clearTimeout(timer)
      window.removeEventListener('focus', onFocus)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [connected])
}
