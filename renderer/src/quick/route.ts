/** `?view=quick`: the lookup window (Electron loads it so; the browser host serves it at /?view=quick). */
export function isQuickRoute(search: string): boolean {
  return new URLSearchParams(search).get('view') === 'quick'
}

/** Where the browser host's "Open in Seller Desk" and "Close" go: the full app, same tab. */
export const MAIN_ROUTE = '/'
