import { waitOwn } from './body-guard'

/**
 * An AbortSignal that aborts when any of `sources` does, for one request. `release()`
 * takes its listeners off the sources again (AbortSignal.any cannot be unlinked early).
 */
export function linkedSignal(sources: Array<AbortSignal | undefined>): {
  signal: AbortSignal
  release(): void
} {
  const controller = new AbortController()
  const live = sources.filter((s): s is AbortSignal => s !== undefined)
  const onAbort = (): void => controller.abort()
  if (live.some((s) => s.aborted)) controller.abort()
  else for (const s of live) s.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    release: () => {
      for (const s of live) s.removeEventListener('abort', onAbort)
    }
  }
}

/** Resolves after `ms`, or at once when any of `signals` aborts. */
export async function pause(ms: number, signals: Array<AbortSignal | undefined>): Promise<void> {
  const link = linkedSignal(signals)
  try {
    await waitOwn(new Promise<never>(() => undefined), link.signal, ms)
  } finally {
    link.release()
  }
}
