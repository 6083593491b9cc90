import { app } from 'electron'
import { resolve } from 'node:path'
import {
  DEEP_LINK_SCHEME,
  deepLinkInArgv,
  isDeepLink,
  parseDeepLink
} from '../../../shared/deep-link'

/**
 * sellerdesk://check?code=<code> from a helpdesk macro, a spreadsheet or a mail, on all
 * three paths: the first launch's argv, a second instance's argv (Windows, Linux) and
 * `open-url` (macOS). Only a lone purchase code is taken; anything else is ignored with a
 * log line that names the reason, never the link's text.
 */
export interface DeepLinkReceiver {
  deliver(code: string): void
  log: { warn(message: string): void }
}

let receiver: DeepLinkReceiver | null = null

/** Sets where codes go. Call before `ready`: macOS sends a launch link that early. */
export function receiveDeepLinks(target: DeepLinkReceiver): void {
  receiver = target
}

export function handleDeepLink(url: string): boolean {
  if (!receiver) return false
  const parsed = parseDeepLink(url)
  if (!parsed.ok) {
    receiver.log.warn(`[deep-link] Ignored a sellerdesk: link: ${parsed.reason}.`)
    return false
  }
  receiver.deliver(parsed.code)
  return true
}

/** First launch (process.argv) and `second-instance` argv on Windows and Linux. */
export function handleDeepLinkArgv(argv: readonly string[]): boolean {
  const link = deepLinkInArgv(argv)
  return link === null ? false : handleDeepLink(link)
}

/**
 * Registers the scheme with the OS (packaged builds also declare it in the installer,
 * electron-builder `protocols`) and listens for macOS's `open-url`.
 */
export function registerDeepLinks(options: { defaultApp: boolean; argv: readonly string[] }): void {
  // `electron .` in development: the OS must start Electron with the app's path.
  if (options.defaultApp && options.argv[1] !== undefined) {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(options.argv[1])])
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
  }
  app.on('open-url', (event, url) => {
    event.preventDefault()
    if (isDeepLink(url)) handleDeepLink(url)
  })
}
