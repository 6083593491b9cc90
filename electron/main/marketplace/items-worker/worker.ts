/**
 * The item list's parse thread (a worker_threads worker of main, started per refresh by
 * thread.ts). It reads the items out of the answer's shared bytes and hands main them
 * normalised, a batch at a time: the parse's garbage (each raw item, zod's work) is
 * collected in this thread's heap, so main's collector never pauses for it. Given the key
 * the list was fetched with, it masks the key in the items as main's scrub would (the same
 * code), so that work, and its garbage, is this thread's too. It does no I/O and keeps
 * nothing: the thread ends with the list.
 */
import { parentPort } from 'node:worker_threads'
import { scrubKeyDeep } from '../scrub'
import { lowerThisThreadPriority } from '../../util/background-priority'
import { parseBatch, type ItemSpans } from './parse-batch'
import type { FromWorker, ToWorker } from './protocol'

const port = parentPort
if (!port) throw new Error('The item list parse runs in a worker thread.')
// The parse is background work: a keystroke's answer and the page's paint go first.
lowerThisThreadPriority()

/** The answer's items parsed a batch at a time. */
function parseJob(spans: ItemSpans, batch: number, scrubFor: string | null): () => FromWorker {
  const size = Math.max(1, batch)
  const count = spans.starts.length
  let at = 0
  return () => {
    const end = Math.min(count, at + size)
    const read = parseBatch(spans, at, end)
    at = end
    if (!read) return { type: 'not-json' }
    const items = scrubFor === null ? read.items : scrubKeyDeep(read.items, scrubFor)
    const { skipped } = read
    return { type: 'batch', itemsJson: JSON.stringify(items), skipped, end, last: end >= count }
  }
}

let next: (() => FromWorker) | null = null
/** The next message, made while main takes in the last: main never waits for the work. */
let ready: FromWorker | null = null

const made = (): FromWorker => {
  try {
    return next!()
  } catch (e) {
    return { type: 'failed', message: e instanceof Error ? e.message : String(e) }
  }
}
/** Whether main will ask for more after this message. */
const more = (m: FromWorker): boolean => m.type === 'batch' && !m.last

port.on('message', (message: ToWorker) => {
  if (message.type !== 'more') ready = null
  if (message.type === 'parse') {
    const { bytes, starts, ends, batch, scrubFor } = message
    next = parseJob({ bytes, starts, ends }, batch, scrubFor)
  }
  if (!next) return
  const out = ready ?? made()
  port.postMessage(out)
  ready = more(out) ? made() : null
})
