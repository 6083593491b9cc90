import { useConnections } from '../stores/connections'
import { useItems } from '../stores/items'
import { useNav } from '../stores/nav'
import { useSettings } from '../stores/settings'
import { holdBackgroundWorkFor } from './page-code'
import { preloadViews } from './routes'

/** The number and date formats the item cards use, so ICU's data is loaded while idle. */
function warmFormats(): void {
  const locale = (typeof navigator !== 'undefined' && navigator.language) || 'en-US'
  new Intl.NumberFormat(locale).format(1)
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(0)
}

/**
 * Called once the frame's skeleton is on screen. What the first view needs is asked for
 * now, side by side, not one after the other once React has drawn the frame: the views'
 * code, the formats (ICU's first use costs tens of ms), and, as soon as settings say the
 * app opens on Items and a connection exists, the list's first window.
 */
export function bootFirstScreen(): () => void {
  holdBackgroundWorkFor(preloadViews())
  // When the page waits on the network, not in the way of the answers it waits for.
  const idle = typeof requestIdleCallback === 'function'
  const formats = idle
    ? requestIdleCallback(warmFormats, { timeout: 200 })
    : setTimeout(warmFormats, 0)
  let done = false
  const check = (): void => {
    const state = useConnections.getState().state
    if (done || !state || !useSettings.getState().loaded) return
    done = true
    stop()
    const items = useItems.getState()
    if (
      state.connections.length > 0 &&
      useNav.getState().view === 'items' &&
      items.status === 'idle'
    )
      void items.load()
  }
  const unsubscribe = [useConnections.subscribe(check), useSettings.subscribe(check)]
  const stop = (): void => {
    for (const u of unsubscribe) u()
  }
  check()
  return () => {
    if (idle) cancelIdleCallback(formats)
    else clearTimeout(formats)
    stop()
  }
}
