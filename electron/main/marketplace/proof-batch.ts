import type { CallOptions } from './paced-request'

/**
 * How long a bulk run's "not valid" answer waits for the run's other codes before the key
 * is checked for it. One check covers every answer sent before it (key-proof.ts), so
 * waiting for the others makes one check serve many codes: an all-invalid run costs one
 * extra request per this span instead of one per few codes.
 */
const PROOF_BATCH_MS = 15_000

export interface ProofBatch {
  /** Runs a validation, counting it while it waits for its answer when it is bulk work. */
  track<T>(call: CallOptions | undefined, run: () => Promise<T>): Promise<T>
  /**
   * Resolves once no other bulk validation is waiting for its answer, once `settled` says
   * so (a valid answer proved the key meanwhile), after PROOF_BATCH_MS, or on abort.
   */
  othersAnswered(settled: () => boolean, signal?: AbortSignal): Promise<void>
}

export function createProofBatch(wait = PROOF_BATCH_MS): ProofBatch {
  let waiting = 0
  const listeners = new Set<() => void>()
  return {
    async track(call, run) {
      if (call?.priority !== 'bulk') return run()
      waiting++
      try {
        return await run()
      } finally {
        waiting--
        for (const listener of [...listeners]) listener()
      }
    },
    othersAnswered(settled, signal) {
      return new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer)
          listeners.delete(check)
          signal?.removeEventListener('abort', done)
          resolve()
        }
        const check = (): void => {
          if (waiting === 0 || settled()) done()
        }
        const timer = setTimeout(done, wait)
        listeners.add(check)
        signal?.addEventListener('abort', done, { once: true })
        check()
        if (signal?.aborted) done()
      })
    }
  }
}
