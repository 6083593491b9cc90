import { handleDeepLinkArgv, receiveDeepLinks, registerDeepLinks } from './deep-link'
import { registerPrivilegedSchemes } from './schemes'
import { hardenApp } from './security'

/**
 * What must happen before Electron is ready: the security rules for every window, the
 * privileged schemes (they cannot be registered later) and deep links (macOS sends the
 * link that launched the app that early).
 */
export function prepareBeforeReady(o: {
  isAppUrl: (url: string) => boolean
  devUrl: string | null
  openExternal: (url: string) => Promise<void>
  /** A purchase code from a sellerdesk:// link. */
  deliverLink: (code: string) => void
  defaultApp: boolean
  argv: readonly string[]
}): void {
  hardenApp({ isAppUrl: o.isAppUrl, devOrigin: o.devUrl, openExternal: o.openExternal })
  registerPrivilegedSchemes()
  receiveDeepLinks({ deliver: o.deliverLink, log: console })
  registerDeepLinks({ defaultApp: o.defaultApp, argv: o.argv })
  handleDeepLinkArgv(o.argv)
}
