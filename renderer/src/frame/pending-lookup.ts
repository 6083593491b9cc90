import { useEffect } from 'react'
import { getBridge } from '../bridge'
import { useBulk } from '../stores/bulk'
import { useNav } from '../stores/nav'
import { useValidate } from '../stores/validate'
import { PENDING_LOOKUP_MESSAGE } from '../quick/route'

/**
 * A code main left for this window (a sellerdesk:// link, the tray, the lookup window's
 * "Open in Seller Desk"): shown in Validate with its verdict, the one main already has when
 * the code was just checked. Main cannot push it (no event
 * reaches the page), so the window asks on load, on focus and when it becomes visible;
 * main focuses the window when it leaves one. Only once connected: before that there is
 * nothing to check with, and the code waits.
 */
async function takePendingLookup(): Promise<void> {
  const r = await getBridge().takePendingLookup()
  if (!r.ok || r.data.code === null) return
  const { code, checked } = r.data
  useBulk.getState().setTab('single')
  useNav.getState().go('validate')
  const validate = useValidate.getState()
  // Just checked in the lookup window or listed in the tray minutes ago: that verdict, not a
  // second request (and a second History row). A link, or an older check, is checked now.
  if (checked && checked.code === code) {
    validate.adopt(checked)
    return
  }
  validate.setInput(code)
  await validate.check(code)
}

export function usePendingLookup(connected: boolean): void {
  useEffect(() => {
    if (!connected) return
    const ask = (): void => void takePendingLookup()
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') ask()
    }
    // The browser host's lookup page says so when it leaves a code (quick/route.ts): only a
    // page of this origin is heard, and all it can do is make this window ask main.
    const onMessage = (e: MessageEvent): void => {
      if (e.origin === window.location.origin && e.data === PENDING_LOOKUP_MESSAGE) ask()
    }
    ask()
    window.addEventListener('focus', ask)
    window.addEventListener('message', onMessage)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.removeEventListener('focus', ask)
      window.removeEventListener('message', onMessage)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [connected])
}
