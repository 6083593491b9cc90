/**
 * Resolves after `ms`, or as soon as `signal` aborts; never rejects, so a caller's loop
 * decides what an abort means. setTimeout overflows past 2^31-1 ms: a longer wait ends
 * early, and the caller's loop re-checks it.
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve()
    const done = (): void => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, Math.min(Math.max(0, ms), 2 ** 31 - 1))
    signal?.addEventListener('abort', done, { once: true })
  })
}
