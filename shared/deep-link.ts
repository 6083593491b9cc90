import { scanForCode } from './purchase-code'

/**
 * `sellerdesk://check?code=<code>`: the one deep link the app answers. A link can come from
 * any web page, mail or spreadsheet, so it is untrusted input: only a lone, well-formed code
 * is taken from it, and anything else makes the whole link ignored (the caller logs why).
 */

export const DEEP_LINK_SCHEME = 'sellerdesk'
/** Longer than any code plus its URL: a link this long is not one of ours. */
const MAX_DEEP_LINK_LENGTH = 512

export type DeepLink = { ok: true; code: string } | { ok: false; reason: string }

const refuse = (reason: string): DeepLink => ({ ok: false, reason })

export function isDeepLink(raw: string): boolean {
  return raw.trim().toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)
}

export function parseDeepLink(raw: string): DeepLink {
  if (raw.length > MAX_DEEP_LINK_LENGTH) return refuse('the link is too long')
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return refuse('the link is not a URL')
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return refuse('the link is not a sellerdesk: link')
  if (url.username || url.password || url.port) return refuse('the link carries a user or port')
  if (url.hostname.toLowerCase() !== 'check') return refuse('the link names an unknown action')
  // Windows and some browsers add a slash before the query.
  if (url.pathname !== '' && url.pathname !== '/') return refuse('the link has an unknown path')
  if (url.hash !== '') return refuse('the link has a fragment')
  const names = [...url.searchParams.keys()]
  if (names.length !== 1 || names[0] !== 'code') {
    return refuse('the link must carry exactly one parameter, code')
  }
  const value = url.searchParams.get('code') ?? ''
  const scan = scanForCode(value)
  // A lone code only: text around it, or several codes, is not what a macro sends.
  if (scan.kind !== 'one' || scan.extracted)
    return refuse('the code parameter is not one purchase code')
  return { ok: true, code: scan.code }
}

/**
 * The deep link among a launch's arguments (Windows and Linux pass the URL as one; Chromium
 * may put switches before it). Only the first candidate counts.
 */
export function deepLinkInArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => isDeepLink(arg)) ?? null
}
