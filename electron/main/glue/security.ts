import { app, session, type IpcMainInvokeEvent, type Session, type WebContents } from 'electron'
import { safeExternalUrl } from '../ipc/external-url'
import { cspHeader, withCsp } from '../csp'

export interface HardenOptions {
  /** True for our own pages (app://seller-desk or the dev server); nothing else may load. */
  isAppUrl: (url: string) => boolean
  /** The dev server's origin in `electron-vite dev`, else null. */
  devOrigin: string | null
  /** The system browser; receives only URLs that passed `safeExternalUrl`. */
  openExternal: (url: string) => Promise<void>
}

/**
 * The Electron security checklist, in one place (docs/security.md lists each item):
 * sandbox everywhere, no navigation away, no new windows, no webviews, every permission
 * denied, a CSP header on our own pages, external links only for http(s).
 */
export function hardenApp(options: HardenOptions): void {
  // Every renderer sandboxed, including any a bug or a dependency might create.
  app.enableSandbox()
  const hardened = new WeakSet<Session>()

  app.on('web-contents-created', (_event, contents: WebContents) => {
    const stayHome = (event: { preventDefault(): void }, url: string): void => {
      if (!options.isAppUrl(url)) event.preventDefault()
    }
    contents.on('will-navigate', stayHome)
    contents.on('will-frame-navigate', (event) => {
      if (!options.isAppUrl(event.url)) event.preventDefault()
    })
    contents.on('will-redirect', stayHome)
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      const safe = safeExternalUrl(url)
      if (safe) void options.openExternal(safe).catch(() => undefined)
      return { action: 'deny' }
    })
    if (!hardened.has(contents.session)) {
      hardened.add(contents.session)
      hardenSession(contents.session, options)
    }
  })
  app.whenReady().then(() => {
    hardened.add(session.defaultSession)
    hardenSession(session.defaultSession, options)
  })
}

function hardenSession(ses: Session, options: HardenOptions): void {
  // Seller Desk needs no camera, microphone, notifications, geolocation, USB, HID, serial...
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
  ses.setPermissionCheckHandler(() => false)
  ses.setDevicePermissionHandler(() => false)
  // The app:// handler puts the header on the built page itself; this adds it to the dev
  // server's answers (and to any other answer for our own page the session sees).
  const policy = cspHeader(options.devOrigin !== null)
  ses.webRequest.onHeadersReceived((details, callback) => {
    if (!options.isAppUrl(details.url)) {
      callback({})
      return
    }
    callback({ responseHeaders: withCsp(details.responseHeaders, policy) })
  })
}

export function senderCheck(isAppUrl: (url: string) => boolean) {
  return (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame
    return frame !== null && frame.parent === null && isAppUrl(frame.url)
  }
}
