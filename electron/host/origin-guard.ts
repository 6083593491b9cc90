import type { IncomingHttpHeaders } from 'node:http'

/** The host names the page may use to reach us; anything else is DNS rebinding or a proxy. */
function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`]
}

export function hostAllowed(headers: IncomingHttpHeaders, port: number): boolean {
  const host = headers.host
  return typeof host === 'string' && allowedHosts(port).includes(host.toLowerCase())
}

/**
 * A request from a page must come from our own origin. Browsers send Origin on every
 * cross-origin request and on same-origin POSTs; a missing Origin means a non-browser
 * client (still bound by the token). Sec-Fetch-Site, when sent, must agree.
 */
export function originAllowed(headers: IncomingHttpHeaders, port: number): boolean {
  const origin = headers.origin
  if (origin !== undefined && !allowedHosts(port).some((h) => origin === `http://${h}`))
    return false
  const site = headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false
  return true
}
