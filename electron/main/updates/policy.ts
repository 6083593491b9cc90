/** Checked at start and then this often. */
export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000

/** The seller's choices (Settings); both default to the safe, quiet ones. */
export interface UpdateSettings {
  /** Download a found update in the background; off: the banner offers the download. */
  autoDownload: boolean
  /** Also offer pre-releases (the "beta" channel). */
  beta: boolean
}
export const defaultUpdateSettings = (): UpdateSettings => ({ autoDownload: true, beta: false })

export type UpdateState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'available'; version: string; notesUrl: string }
  | { kind: 'downloading'; version: string; notesUrl: string; percent: number }
  | { kind: 'ready'; version: string; notesUrl: string }
  /** message: the log's sentence; reason: the updater's first line, for "Couldn't update: …". */
  | { kind: 'failed'; message: string; reason: string }

/**
 * The parts of electron-updater's AppUpdater the policy drives (glue/updater.ts passes the
 * real one; its signature and sha512 checks are the updater's own).
 */
interface UpdaterPort {
  autoDownload: boolean
  allowPrerelease: boolean
  autoInstallOnAppQuit: boolean
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>
  downloadUpdate(): Promise<unknown>
  quitAndInstall(): void
  on(
    event: 'update-available' | 'update-downloaded',
    listener: (info: { version: string }) => void
  ): unknown
  on(event: 'download-progress', listener: (info: { percent: number }) => void): unknown
  on(event: 'update-not-available', listener: () => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
}

export interface UpdatePolicyOptions {
  updater: UpdaterPort
  settings: UpdateSettings
  /** True while a bulk check runs: restarting then would cut it short. */
  bulkRunning: () => boolean
  /** Where a version's release notes are (one click from the banner). */
  notesUrl: (version: string) => string
  /** Told every change, for the window's banner and the tray. */
  onState: (state: UpdateState) => void
  log: { info(message: string): void; warn(message: string): void }
  every?: number
  setInterval?: (fn: () => void, ms: number) => { unref?(): void }
  clearInterval?: (handle: unknown) => void
}

type RestartAnswer = { ok: true } | { ok: false; message: string }

export interface UpdatePolicy {
  /** Checks now, then every six hours. */
  start(): void
  state(): UpdateState
  /** A check the seller asked for (Help menu, banner): also reports "up to date". */
  checkNow(): Promise<void>
  /** The banner's Download button when automatic download is off. */
  download(): Promise<void>
  /** "Restart to update": refused, with a sentence, while a bulk check runs. */
  restartToUpdate(): RestartAnswer
  applySettings(settings: UpdateSettings): void
  stop(): void
}

/**
 * One short sentence for an update that failed: the app keeps running on this version,
 * and the reason is the updater's first line (a checksum or signature mismatch, a network
 * error), never a stack.
 */
export function updateFailure(error: unknown): string {
  return `The update could not be installed (${failureReason(error)}); Seller Desk keeps running this version.`
}

function failureReason(error: unknown): string {
  const first = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
  return first.length > 160 ? `${first.slice(0, 159)}…` : first
}

const failed = (error: unknown): UpdateState => ({
  kind: 'failed',
  message: updateFailure(error),
  reason: failureReason(error)
})

export function createUpdatePolicy(o: UpdatePolicyOptions): UpdatePolicy {
  const setTimer = o.setInterval ?? setInterval
  const clearTimer = o.clearInterval ?? ((h: unknown) => clearInterval(h as NodeJS.Timeout))
  let current: UpdateState = { kind: 'idle' }
  let timer: ReturnType<typeof setTimer> | null = null
  let settings = o.settings
  const set = (next: UpdateState): void => {
    current = next
    o.onState(next)
  }
  const versionOf = (): string | null => ('version' in current ? current.version : null)

  const apply = (s: UpdateSettings): void => {
    settings = s
    o.updater.autoDownload = s.autoDownload
    o.updater.allowPrerelease = s.beta
    // A downloaded update is installed when the seller quits anyway: never a forced restart.
    o.updater.autoInstallOnAppQuit = true
  }
  apply(settings)

  o.updater.on('update-available', ({ version }) => {
    const notesUrl = o.notesUrl(version)
    set(
      settings.autoDownload
        ? { kind: 'downloading', version, notesUrl, percent: 0 }
        : { kind: 'available', version, notesUrl }
    )
  })
  o.updater.on('download-progress', ({ percent }) => {
    const version = versionOf()
    if (version && current.kind !== 'ready')
      set({ kind: 'downloading', version, notesUrl: o.notesUrl(version), percent })
  })
  o.updater.on('update-downloaded', ({ version }) => {
    o.log.info(`Update ${version} downloaded; it installs on restart.`)
    set({ kind: 'ready', version, notesUrl: o.notesUrl(version) })
  })
  o.updater.on('update-not-available', () => {
    if (current.kind === 'checking') set({ kind: 'idle' })
  })
  o.updater.on('error', (error) => {
    o.log.warn(updateFailure(error))
    // A ready update stays ready: a later failed check does not take it away.
    if (current.kind !== 'ready') set(failed(error))
  })

  // Errors arrive through the 'error' event as well; the promise's rejection is that same
  // failure, already told.
  const check = async (): Promise<void> => {
    if (current.kind === 'ready' || current.kind === 'downloading') return
    set({ kind: 'checking' })
    try {
      const result = await o.updater.checkForUpdates()
      // A failed background download is told through 'error'; its promise must not go unheard.
      result?.downloadPromise?.catch(() => undefined)
    } catch (e) {
      if (current.kind === 'checking') set(failed(e))
    }
    if (current.kind === 'checking') set({ kind: 'idle' })
  }

  return {
    start() {
      void check()
      timer = setTimer(() => void check(), o.every ?? CHECK_EVERY_MS)
      timer.unref?.()
    },
    state: () => current,
    checkNow: check,
    async download() {
      if (current.kind !== 'available') return
      set({ ...current, kind: 'downloading', percent: 0 })
      try {
        await o.updater.downloadUpdate()
      } catch (e) {
        // Read afresh: the updater's events may have moved the state on while it ran.
        const after: UpdateState = current as UpdateState
        if (after.kind !== 'ready') set(failed(e))
      }
    },
    restartToUpdate() {
      if (current.kind !== 'ready')
        return { ok: false, message: 'No update is ready to install yet.' }
      if (o.bulkRunning())
        return {
          ok: false,
          message:
            'A bulk check is running: restart to update after the bulk check finishes (or quit later; the update installs then).'
        }
      o.log.info(`Restarting to install ${current.version}.`)
      o.updater.quitAndInstall()
      return { ok: true }
    },
    applySettings: apply,
    stop() {
      if (timer) clearTimer(timer)
      timer = null
    }
  }
}
