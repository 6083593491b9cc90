import type { SampleCodes } from '../../../shared/ipc/contract'
import type { DemoPort } from '../connections/demo-port'
import { AppFailure } from '../ipc/failure'

/** The part of a running demo marketplace the launcher needs. */
export interface RunningDemo {
  baseUrl: string
  apiKey: string
  /** One code per verdict, for the Validate screen's samples; none from a fake demo. */
  sampleCodes?: SampleCodes
  close(): Promise<void>
}

export interface DemoLauncher extends DemoPort {
  /** The running demo's sample codes (started if needed), or null when it has none. */
  sampleCodes(): Promise<SampleCodes | null>
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

  const ensure = async (): Promise<RunningDemo> => {
    if (closed) throw new AppFailure('internal', 'Seller Desk is closing.')
    const current = (running ??= start())
    try {
      return await current
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
  }

  return {
    ensure: async () => {
      const demo = await ensure()
      return { baseUrl: demo.baseUrl, apiKey: demo.apiKey }
    },
    started: () => running !== null,
    sampleCodes: async () => {
      const demo = await ensure()
      if (!demo.sampleCodes) return null
      // Only the four codes: nothing else of the running demo leaves through here.
      const { valid, expired, noSupport, invalid } = demo.sampleCodes
      return { valid, expired, noSupport, invalid }
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
