import type { DemoPort } from '../connections/demo-port'
import { AppFailure } from '../ipc/failure'

/** The part of a running demo marketplace the launcher needs. */
export interface RunningDemo {
  baseUrl: string
  apiKey: string
  close(): Promise<void>
}

export interface DemoLauncher extends DemoPort {
  close(): Promise<void>
}

/**
 * Runs the built-in demo marketplace in-process, at most once per app run, on a port the
 * OS picks. A failed start is not remembered, so "Explore the demo" can be tried again.
 */
export function createDemoLauncher(
  start: () => Promise<RunningDemo>,
  log: { warn(message: string): void } = console
): DemoLauncher {
  let running: Promise<RunningDemo> | null = null
  let closed = false

  return {
    ensure: async () => {
      if (closed) throw new AppFailure('internal', 'Seller Desk is closing.')
      const current = (running ??= start())
      try {
        const demo = await current
        return { baseUrl: demo.baseUrl, apiKey: demo.apiKey }
      } catch (e) {
        if (running === current) running = null
        log.warn(
          `[demo] The demo marketplace did not start: ${e instanceof Error ? e.message : String(e)}`
        )
        throw new AppFailure(
          'internal',
          'The demo marketplace could not be started. Try again; if it keeps failing, restart Seller Desk.'
        )
      }
    },
    close: async () => {
      closed = true
      const current = running
      running = null
      if (current)
        await current.then(
          (demo) => demo.close(),
          () => undefined
        )
    }
  }
}
