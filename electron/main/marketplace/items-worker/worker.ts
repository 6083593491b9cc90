/**
 * The item list's parse thread (a worker_threads worker of main, started per refresh by
 * parse-off-main.ts). It reads the items out of the answer's shared bytes and hands main
 * them normalised, a batch at a time: the parse's garbage (each raw item, zod's work) is
 * collected in this thread's heap, so main's collector never pauses for it. It gets no key
 * and does no I/O: main scrubs what it hands back, as it scrubs every answer.
 */
import { parentPort } from 'node:worker_threads'
import { parseBatch, type ItemSpans } from './parse-batch'
import type { FromWorker, ToWorker } from './protocol'

const port = parentPort
if (!port) throw new Error('The item list parse runs in a worker thread.')

let spans: ItemSpans | null = null
let size = 0
let at = 0
/** The next batch, read while main takes in the last: main never waits for the parse. */
let ready: FromWorker | null = null

const send = (message: FromWorker): void => port.postMessage(message)

function readNext(): FromWorker | null {
  if (!spans || at >= spans.starts.length) return null
  const from = at
  const to = Math.min(spans.starts.length, from + size)
  at = to
  try {
    const batch = parseBatch(spans, from, to)
    return batch ? { type: 'batch', ...batch, end: to } : { type: 'not-json' }
  } catch (e) {
    return { type: 'failed', message: e instanceof Error ? e.message : String(e) }
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'start') {
    const { bytes, starts, ends, batch } = message
    spans = { bytes, starts, ends }
    size = Math.max(1, batch)
    at = 0
    ready = readNext()
  }
  // An empty list is one empty batch.
  const next = ready ?? { type: 'batch', items: [], skipped: [], end: at }
  send(next)
  ready = next.type === 'batch' ? readNext() : null
})
