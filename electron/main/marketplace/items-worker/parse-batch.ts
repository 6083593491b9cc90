import type { Item } from '../../../../shared/model'
import { itemsSteps, type SkippedItem } from '../wire/envelopes'
import { runSteps } from '../../util/steps'

/** The scanned answer as the parse thread gets it: the bytes, shared, and each item's span. */
export interface ItemSpans {
  bytes: Uint8Array
  starts: Uint32Array
  ends: Uint32Array
}

/** Items `from` to `to` read; null when one of them is not JSON (the answer is then read whole). */
export type Batch = { items: Item[]; skipped: SkippedItem[] } | null

/**
 * One batch of the list, read exactly as parseScannedItems reads each item in main: the
 * same decoding of the same bytes, JSON.parse, then the item schema, broken items named by
 * their place in the whole list.
 */
export function parseBatch(
  spans: ItemSpans,
  from: number,
  to: number,
  decoder = new TextDecoder('utf-8', { fatal: false })
): Batch {
  const { bytes, starts, ends } = spans
  try {
    const { items, skipped } = runSteps(
      itemsSteps(
        to,
        (index) =>
          JSON.parse(decoder.decode(bytes.subarray(starts[index], ends[index]))) as unknown,
        from
      )
    )
    return { items, skipped }
  } catch (e) {
    if (e instanceof SyntaxError) return null
    throw e
  }
}
