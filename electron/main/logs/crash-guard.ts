export interface CrashGuardOptions {
  /** process, or a stand-in emitter in tests. */
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown
  log: { error(message: string, detail?: unknown): void }
  /** Asks the seller whether to restart; called once, however many errors follow. */
  offerRestart: (message: string) => void
}

/**
 * An error nothing caught in main: logged with its stack (scrubbed by the log), and the
 * seller is offered a restart once. The app is not ended for them: what they were doing
 * may still work, and every write is atomic, so a restart loses nothing saved.
 */
export function guardCrashes(o: CrashGuardOptions): void {
  let offered = false
  const handle = (what: string) => (error: unknown) => {
    o.log.error(`${what} in the main process`, error)
    if (offered) return
    offered = true
    const reason = error instanceof Error ? error.message : String(error)
    o.offerRestart(
      `Seller Desk met an unexpected error (${reason.split('\n')[0]}). Restart it to be safe: nothing saved is lost.`
    )
  }
  o.on('uncaughtException', handle('Uncaught error'))
  o.on('unhandledRejection', handle('Unhandled rejection'))
}

/**
 * The one line a window that died and was reloaded shows and logs, from Electron's
 * render-process-gone reason; null when it ended normally (nothing to say or redo).
 */
export function rendererGoneLine(reason: string): string | null {
  if (reason === 'clean-exit') return null
  const why = reason === 'oom' ? 'ran out of memory' : reason === 'killed' ? 'was ended' : 'crashed'
  return `The Seller Desk window ${why} and was reloaded; nothing saved was lost.`
}
