import { protocol } from 'electron'
import { APP_SCHEME_PRIVILEGES } from './app-protocol'
import { MEDIA_SCHEME_PRIVILEGES } from './media-protocol'

/**
 * Electron accepts this list once, before the app is ready, so every privileged scheme
 * goes in this one call: a second call would drop the first one's schemes.
 */
export function registerPrivilegedSchemes(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES, MEDIA_SCHEME_PRIVILEGES])
}
