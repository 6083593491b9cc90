import { EventEmitter } from 'node:events'

/** electron-updater's AppUpdater as the policy drives it; `next` says what a check finds. */
export class StubUpdater extends EventEmitter {
  autoDownload = false
  allowPrerelease = true
  autoInstallOnAppQuit = false
  checks = 0
  downloads = 0
  installs = 0
  next: (u: StubUpdater) => void = () => undefined
  async checkForUpdates(): Promise<null> {
    this.checks++
    this.next(this)
    return null
  }
  async downloadUpdate(): Promise<void> {
    this.downloads++
  }
  quitAndInstall(): void {
    this.installs++
  }
}
