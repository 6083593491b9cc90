/** `?view=quick`: the lookup window (Electron loads it so; the browser host serves it at /?view=quick). */
export function isQuickRoute(search: string): boolean {
  return new URLSearchParams(search).get('view') === 'quick'
}

/** The full app's address in the browser host. */
export const MAIN_ROUTE = '/'

/**
 * The browser host's full-app tab names itself so, and the lookup page finds it by that
 * name ("Open in Seller Desk") instead of loading the full app inside its own small page.
 */
export const MAIN_WINDOW_NAME = 'seller-desk-main'

/** Tells an open full-app tab that main holds a code for it (a tab may not get focus). */
export const PENDING_LOOKUP_MESSAGE = 'seller-desk:pending-lookup'

/**
 * The browser host's stand-in for main showing its window: the full-app tab this page opened
 * before, or a new one (which inherits this tab's session, token included). Either takes the
 * code main was just handed, on load or on focus. False when the browser refused a new tab.
 */
export function showMainTab(win: Window = window): boolean {
  const main = win.open('', MAIN_WINDOW_NAME)
  if (!main) return false
  let blank = true
  try {
    blank = main.location.href === 'about:blank'
  } catch {
    // Somewhere else by now: load the app there again.
  }
  if (blank) {
    main.location.replace(MAIN_ROUTE)
  } else {
    main.postMessage(PENDING_LOOKUP_MESSAGE, win.location.origin)
    main.focus()
  }
  return true
}
