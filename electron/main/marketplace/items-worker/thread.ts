import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { refreshSlices } from '../../util/time-slices'
import type { FromWorker, ToWorker } from './protocol'
import type { WorkerScript } from './script'

/** The parse thread could not run (no program, it crashed): the caller parses in main. */
export class ParseThreadFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ParseThreadFailed'
  }
}

export interface ThreadCall {
  signal?: AbortSignal
  /** Told the thread once it is started (tests see it end). */
  onWorker?: (worker: Worker) => void
}

/**
 * The thread's heap: a batch of 200 demo items is well under a megabyte, so a small young
 * generation is collected often and cheaply on the thread, and its pages are not added to
 * main's while a 100,000-item list is read. The old generation's cap leaves room for a
 * batch of items with very long descriptions; a thread that outgrows it ends, and the
 * caller reads the list in main (ParseThreadFailed).
 */
const THREAD_HEAP = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 256 }

/** A thread for the program: built JavaScript as is, TypeScript through tsx's loader. */
function startThread(script: WorkerScript): Worker {
  if (!script.typescript) return new Worker(script.file, { resourceLimits: THREAD_HEAP })
  // Resolved from the program's own folder, never the working one.
  const tsx = createRequire(script.file).resolve('tsx/cjs')
  return new Worker(script.file, { execArgv: ['--require', tsx], resourceLimits: THREAD_HEAP })
}

/**
 * One job on a new parse thread: `start` sent, then each message the thread hands back
 * taken by `take`, which asks for the next (`'more'`, sent after a turn of main's loop
 * that waits while the seller types) or ends the job with its result. A cancel ends the
 * thread and rejects with the signal's reason; a thread that fails rejects with
 * ParseThreadFailed. The thread ends with the job.
 */
export function threadJob<R>(
  script: WorkerScript,
  start: { message: ToWorker; transfer?: ArrayBuffer[] },
  take: (message: FromWorker) => 'more' | { done: R },
  call: ThreadCall = {}
): Promise<R> {
  const { signal } = call
  if (signal?.aborted) return Promise.reject(signal.reason)
  const slices = refreshSlices(signal)
  return new Promise<R>((resolve, reject) => {
    let worker: Worker
    try {
      worker = startThread(script)
    } catch (e) {
      reject(new ParseThreadFailed(e instanceof Error ? e.message : String(e)))
      return
    }
    call.onWorker?.(worker)
    let settled = false
    const settle = (done: () => void): void => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', onAbort)
      void worker.terminate()
      done()
    }
    const onAbort = (): void => settle(() => reject(signal?.reason))
    signal?.addEventListener('abort', onAbort, { once: true })

    worker.on('message', (message: FromWorker) => {
      if (settled) return
      let taken: ReturnType<typeof take>
      try {
        if (message.type === 'failed') throw new ParseThreadFailed(message.message)
        taken = take(message)
      } catch (e) {
        return settle(() => reject(e))
      }
      if (taken !== 'more') return settle(() => resolve(taken.done))
      slices.turn().then(
        () => {
          if (!settled) worker.postMessage({ type: 'more' } satisfies ToWorker)
        },
        (e: unknown) => settle(() => reject(e))
      )
    })
    worker.on('error', (e) => settle(() => reject(new ParseThreadFailed(e.message))))
    worker.on('exit', (code) =>
      settle(() => reject(new ParseThreadFailed(`the parse thread ended (${code})`)))
    )
    worker.postMessage(start.message, start.transfer ?? [])
  })
}
