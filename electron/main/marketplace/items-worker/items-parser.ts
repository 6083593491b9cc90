import type { Item } from '../../../../shared/model'
import { parseScannedItems, type ListVerdict } from '../wire/normalise'
import type { ScannedItems } from '../wire/items-scan'
import type { CallOptions, ReadProgress } from '../paced-request'
import { refreshSlices } from '../../util/time-slices'
import { parseOffMain } from './parse-off-main'
import { ParseThreadFailed } from './thread'
import type { WorkerScript } from './script'

/**
 * What a batch of a new list's items is kept as, given where its first item stands in the
 * list: each item itself, or an equal one already in memory (catalogue/item-reuse.ts).
 */
export type ItemReuse = (batch: Item[], firstPosition: number) => Item[]

/**
 * How the client reads a scanned item list into items: in main, or on a parse thread.
 * `scrubFor` is the key the list was fetched with: a parse thread masks it in the items
 * and marks the list scrubbed (marketplace/scrub.ts); read in main, the list is scrubbed
 * with every other answer. `reuse` is applied to each item a parse thread hands back; a
 * list small enough to be read in main costs little twice, and is left as read.
 */
export type ItemsParser = (
  scanned: ScannedItems,
  call: Pick<CallOptions, 'signal' | 'onProgress'> & { scrubFor?: string; reuse?: ItemReuse }
) => Promise<ListVerdict | null>

/** The scanned items, telling `onProgress` each one read (of all found) as the parse asks for it. */
function counted(
  scanned: Pick<ScannedItems, 'count' | 'item'>,
  onProgress: ReadProgress | undefined
): Pick<ScannedItems, 'count' | 'item'> {
  if (!onProgress) return scanned
  const { count } = scanned
  return {
    count,
    item: (index) => {
      onProgress('reading', index + 1, count)
      return scanned.item(index)
    }
  }
}

/** In main's own thread, in time slices. */
export const parseInMain: ItemsParser = (scanned, { signal, onProgress }) =>
  parseScannedItems(counted(scanned, onProgress), refreshSlices(signal))

/**
 * Below this an answer is parsed in main: a thread's start (about 50 ms of CPU for the
 * built program, its own heap) costs more than a list of a thousand-odd items does.
 */
const THREAD_MIN_BYTES = 1024 * 1024

/**
 * A large list parsed on a thread (parse-off-main.ts), so main's loop and heap stay the
 * seller's; a small one, or any list when the thread cannot run, in main as before.
 */
export function threadedItemsParser(options: {
  script: WorkerScript | null
  minBytes?: number
  log?: { warn(message: string): void }
}): ItemsParser {
  const { script } = options
  const minBytes = options.minBytes ?? THREAD_MIN_BYTES
  const log = options.log ?? console
  return async (scanned, call) => {
    if (!script || scanned.spans.bytes.byteLength < minBytes) return parseInMain(scanned, call)
    try {
      return await parseOffMain(scanned, script, call)
    } catch (e) {
      if (!(e instanceof ParseThreadFailed)) throw e
      log.warn(`[catalogue] The item list was read on the main thread: ${e.message}`)
      return parseInMain(scanned, call)
    }
  }
}
