/** Where the page keeps the host's token between reloads (this tab only, gone on close). */
export const TOKEN_STORAGE_KEY = 'sellerDesk.hostToken'
/** And the media token, which opens /media only: it is the one media addresses carry. */
export const MEDIA_TOKEN_STORAGE_KEY = 'sellerDesk.mediaToken'

/** The host's two secrets: `rpc` for calls, `media` (null when absent) for media addresses. */
export interface HostTokens {
  rpc: string
  media: string | null
}

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
 * The browser host's per-launch tokens. They arrive in the URL fragment (never sent to a
 * server, never in a Referer); we take them off the address bar at once, so they are not
 * bookmarked, shared or left in history, and keep them in sessionStorage for reloads (when
 * `keep` runs the write). An image address copied from the page carries the media token,
 * which opens media only, never the calls.
 */
export function takeHostToken(place: TokenPlace, keep: KeepToken = atOnce): HostTokens | null {
  const params = new URLSearchParams(place.location.hash.replace(/^#/, ''))
  const fromHash = params.get('token')
  if (fromHash !== null) {
    const { pathname, search } = place.location
    place.history.replaceState(place.history.state, '', `${pathname}${search}`)
    if (TOKEN_PATTERN.test(fromHash)) {
      const media = params.get('media')
      const tokens = {
        rpc: fromHash,
        media: media !== null && TOKEN_PATTERN.test(media) ? media : null
      }
      keep(() => {
        try {
          place.sessionStorage.setItem(TOKEN_STORAGE_KEY, tokens.rpc)
          if (tokens.media) place.sessionStorage.setItem(MEDIA_TOKEN_STORAGE_KEY, tokens.media)
        } catch {
          // Storage can be disabled; the tokens still work until the page reloads.
        }
      })
      return tokens
    }
  }
  const stored = (key: string): string | null => {
    try {
      const value = place.sessionStorage.getItem(key)
      return value !== null && TOKEN_PATTERN.test(value) ? value : null
    } catch {
      return null
    }
  }
  const rpc = stored(TOKEN_STORAGE_KEY)
  return rpc === null ? null : { rpc, media: stored(MEDIA_TOKEN_STORAGE_KEY) }
}
