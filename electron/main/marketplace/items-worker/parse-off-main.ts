import type { Item } from '../../../../shared/model'
import type { SkippedItem } from '../wire/envelopes'
import { listVerdict, type ListVerdict } from '../wire/normalise'
import type { ScannedItems } from '../wire/items-scan'
import type { ReadProgress } from '../paced-request'
import { markScrubbed } from '../scrub'
import type { ItemReuse } from './items-parser'
import type { WorkerScript } from './script'
import { threadJob, type ThreadCall } from './thread'

/**
 * Items a batch: main takes each batch in (one JSON.parse of its text) in one turn, a few
 * ms for 200 items on this machine, and asks for the next only after it.
 */
export const BATCH_ITEMS = 200

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
  call: ThreadCall & { onProgress?: ReadProgress; scrubFor?: string; reuse?: ItemReuse } = {}
): Promise<ListVerdict | null> {
  const scrubFor = call.scrubFor ?? null
  const { reuse } = call
  const { count } = scanned
  const { bytes, starts, ends } = scanned.spans
  const items: Item[] = []
  const skipped: SkippedItem[] = []
  // The spans are handed over, not copied; the bytes are shared.
  const spanStarts = Uint32Array.from(starts)
  const spanEnds = Uint32Array.from(ends)
  return threadJob<ListVerdict | null>(
    script,
    {
      message: {
        type: 'parse',
        batch: BATCH_ITEMS,
        scrubFor,
        bytes: sharedBytes(bytes),
        starts: spanStarts,
        ends: spanEnds
      },
      transfer: [spanStarts.buffer, spanEnds.buffer]
    },
    (message) => {
      if (message.type === 'not-json') return { done: null }
      if (message.type !== 'batch') throw new Error(`unexpected ${message.type}`)
      // Items the thread has read through the item schema, written by JSON.stringify.
      // Equal items already in memory stand for these, which die young instead.
      const batch = JSON.parse(message.itemsJson) as Item[]
      for (const item of reuse ? reuse(batch, items.length) : batch) items.push(item)
      for (const one of message.skipped) skipped.push(one)
      call.onProgress?.('reading', message.end, count)
      if (!message.last) return 'more'
      // Every item came scrubbed for this key: main's scrub passes the list over.
      if (scrubFor !== null) markScrubbed(items, scrubFor)
      return { done: listVerdict({ items, skipped }) }
    },
    call
  )
}
