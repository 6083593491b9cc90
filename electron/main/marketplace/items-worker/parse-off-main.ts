import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Item } from '../../../../shared/model'
import type { SkippedItem } from '../wire/envelopes'
import { listVerdict, type ListVerdict } from '../wire/normalise'
import type { ScannedItems } from '../wire/items-scan'
import type { ReadProgress } from '../paced-request'
import { refreshSlices } from '../../util/time-slices'
import type { FromWorker, ToWorker } from './protocol'
import type { WorkerScript } from './script'

/**
 * Items a batch: main takes each batch in (structured clone) in one turn, a few ms for 200
 * items on this machine, and asks for the next only after it.
 */
export const BATCH_ITEMS = 200

/** The parse thread could not run (no program, it crashed): the caller parses in main. */
export class ParseThreadFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ParseThreadFailed'
  }
}

export interface ParseCall {
  signal?: AbortSignal
  onProgress?: ReadProgress
  /** Told the thread once it is started (tests see it end). */
  onWorker?: (worker: Worker) => void
}

/** A thread for the program: built JavaScript as is, TypeScript through tsx's loader. */
function startThread(script: WorkerScript): Worker {
  if (!script.typescript) return new Worker(script.file)
  // Resolved from the program's own folder, never the working one.
  const tsx = createRequire(script.file).resolve('tsx/cjs')
  return new Worker(script.file, { execArgv: ['--require', tsx] })
}

/** The bytes in shared memory, so the thread reads them where they are. */
function sharedBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength))
  shared.set(bytes)
  return shared
}

/**
 * The scanned item list parsed on a worker thread: the same verdict parseScannedItems gives
 * in main, with main's share of the work only taking each batch in. A cancelled refresh
 * ends the thread and throws the signal's reason, as the sliced parse does.
 */
export function parseOffMain(
  scanned: Pick<ScannedItems, 'count' | 'spans'>,
  script: WorkerScript,
  call: ParseCall = {}
): Promise<ListVerdict | null> {
  const { signal, onProgress } = call
  if (signal?.aborted) return Promise.reject(signal.reason)
  const { count } = scanned
  const { bytes, starts, ends } = scanned.spans
  // Between batches the thread waits as sliced work does: while the seller types, for
  // the signal (a cancel), and for a turn of main's loop.
  const slices = refreshSlices(signal)
  return new Promise<ListVerdict | null>((resolve, reject) => {
    let worker: Worker
    try {
      worker = startThread(script)
    } catch (e) {
      reject(new ParseThreadFailed(e instanceof Error ? e.message : String(e)))
      return
    }
    call.onWorker?.(worker)
    const items: Item[] = []
    const skipped: SkippedItem[] = []
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
    const send = (message: ToWorker): void => worker.postMessage(message)

    worker.on('message', (message: FromWorker) => {
      if (settled) return
      if (message.type === 'not-json') return settle(() => resolve(null))
      if (message.type === 'failed')
        return settle(() => reject(new ParseThreadFailed(message.message)))
      for (const item of message.items) items.push(item)
      for (const one of message.skipped) skipped.push(one)
      onProgress?.('reading', message.end, count)
      if (message.end >= count) return settle(() => resolve(listVerdict({ items, skipped })))
      slices.turn().then(
        () => {
          if (!settled) send({ type: 'more' })
        },
        (e: unknown) => settle(() => reject(e))
      )
    })
    worker.on('error', (e) => settle(() => reject(new ParseThreadFailed(e.message))))
    worker.on('exit', (code) =>
      settle(() => reject(new ParseThreadFailed(`the parse thread ended (${code})`)))
    )
    // The spans are handed over, not copied; the bytes are shared.
    const spanStarts = Uint32Array.from(starts)
    const spanEnds = Uint32Array.from(ends)
    const start: ToWorker = {
      type: 'start',
      batch: BATCH_ITEMS,
      bytes: sharedBytes(bytes),
      starts: spanStarts,
      ends: spanEnds
    }
    worker.postMessage(start, [spanStarts.buffer, spanEnds.buffer])
  })
}
