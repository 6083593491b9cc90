import { safeExternalUrl } from '../ipc/external-url'

/**
 * The built page is served as app://seller-desk/index.html (glue/app-protocol.ts) rather
 * than loaded from file://. Here, apart from the handler, so pure code can use them.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'seller-desk'
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/**
 * Which URLs are our own pages: the dev server's origin under `electron-vite dev`, else
 * anything under app://seller-desk/ (the built renderer, served only from out/renderer).
 * Navigation, IPC senders and the CSP header all decide by this one check. Node's URL gives
 * custom schemes an opaque origin (and keeps the host's case, which Chromium lowers for a
 * standard scheme), so scheme, host and credentials are compared one by one.
 */
export function appUrlCheck(options: { devUrl: string | null }): (url: string) => boolean {
  const devOrigin = options.devUrl ? originOf(options.devUrl) : null
  return (raw: string): boolean => {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return false
    }
    if (devOrigin !== null) return url.origin === devOrigin
    return (
      url.protocol === `${APP_SCHEME}:` &&
      url.host.toLowerCase() === APP_HOST &&
      url.username === '' &&
      url.password === ''
    )
  }
}

/**
 * The dev server's address, trusted only in an unpackaged app (a packaged one ignores the
 * variable, so nobody can point an installed app at another page through its environment)
 * and only when it is http(s) on this machine, as electron-vite sets it.
 */
export function devRendererUrl(isPackaged: boolean, env: NodeJS.ProcessEnv): string | null {
  if (isPackaged) return null
  const raw = env['ELECTRON_RENDERER_URL']
  // The same shape as a link we would open: absolute http(s), no credentials.
  const safe = raw ? safeExternalUrl(raw) : null
  if (safe === null) return null
  return LOOPBACK_HOSTS.has(new URL(safe).hostname) ? safe : null
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

function originOf(raw: string): string | null {
  try {
    const origin = new URL(raw).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}
