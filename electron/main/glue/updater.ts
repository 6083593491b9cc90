import { autoUpdater, type AppUpdater } from 'electron-updater'
import { RELEASES_URL } from '../homepage'
import {
  createUpdatePolicy,
  type UpdatePolicy,
  type UpdateSettings,
  type UpdateState
} from '../updates/policy'

export interface AutoUpdateOptions {
  settings: UpdateSettings
  bulkBusy: () => boolean
  onState: (state: UpdateState) => void
  log: {
    info(message: string): void
    warn(message: string): void
    error(message: string): void
  }
  /** electron-updater's updater for this system unless given (tests pass one on a loopback feed). */
  updater?: AppUpdater
}

/**
 * Automatic updates from the GitHub Releases the release workflow publishes (the feed is
 * the app-update.yml electron-builder writes into the app). electron-updater checks the
 * signature (Windows, macOS) and the sha512 of what it downloads; the policy decides when.
 */
export function startAutoUpdate(o: AutoUpdateOptions): UpdatePolicy {
  const updater = o.updater ?? autoUpdater
  // Its own lines go to our log (and so through the key scrubber) rather than the console.
  updater.logger = { info: o.log.info, warn: o.log.warn, error: o.log.error }
  const policy = createUpdatePolicy({
    updater,
    settings: o.settings,
    bulkRunning: o.bulkBusy,
    notesUrl: (version) => `${RELEASES_URL}/tag/v${version}`,
    onState: o.onState,
    log: o.log
  })
  policy.start()
  return policy
}
