/** Where the page keeps the host's token between reloads (this tab only, gone on close). */
export const TOKEN_STORAGE_KEY = 'sellerDesk.hostToken'

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/

/** The parts of window the token lives in (structural, so plain Node tests can fake them). */
export interface TokenPlace {
  location: { hash: string; pathname: string; search: string }
  history: {
    state: unknown
    replaceState(data: unknown, unused: string, url?: string | null): void
  }
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void }
}

/** Runs the write that keeps the token for reloads: at once unless the caller says when. */
export type KeepToken = (write: () => void) => void
const atOnce: KeepToken = (write) => write()

/**
 * The browser host's per-launch token. It arrives in the URL fragment (never sent to a
 * server, never in a Referer); we take it off the address bar at once, so it is not
 * bookmarked, shared or left in history, and keep it in sessionStorage for reloads (when
 * `keep` runs the write).
 */
export function takeHostToken(place: TokenPlace, keep: KeepToken = atOnce): string | null {
  const fromHash = new URLSearchParams(place.location.hash.replace(/^#/, '')).get('token')
  if (fromHash !== null) {
    const { pathname, search } = place.location
    place.history.replaceState(place.history.state, '', `${pathname}${search}`)
    if (TOKEN_PATTERN.test(fromHash)) {
      keep(() => {
        try {
          place.sessionStorage.setItem(TOKEN_STORAGE_KEY, fromHash)
        } catch {
          // Storage can be disabled; the token still works until the page reloads.
        }
      })
      return fromHash
    }
  }
  let stored: string | null = null
  try {
    stored = place.sessionStorage.getItem(TOKEN_STORAGE_KEY)
  } catch {
    stored = null
  }
  return stored !== null && TOKEN_PATTERN.test(stored) ? stored : null
}
