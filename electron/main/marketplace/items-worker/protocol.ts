import type { SkippedItem } from '../wire/envelopes'
import type { ItemSpans } from './parse-batch'

/**
 * What main and the parse thread say to each other. Main pulls: it asks for each batch
 * once it has taken the last one in, so a burst of batches can never queue up and be
 * taken in by main in one long turn (a port hands over every waiting message at once).
 */
export type ToWorker =
  | ({
      type: 'parse'
      batch: number
      /**
       * The key the list was fetched with: the thread masks it in the items it hands back,
       * as main would (marketplace/scrub.ts), so main need not read every string again.
       * Null: main scrubs them.
       */
      scrubFor: string | null
    } & ItemSpans)
  /** The next batch: main has taken in the last one, and the seller is not typing. */
  | { type: 'more' }

export type FromWorker =
  /**
   * Items up to `end` (excluded), normalised (and scrubbed, given a key), as the JSON
   * text of their array; `last` on the last batch. Text, not the objects: main's
   * JSON.parse of a batch takes half the time a structured clone of the same items takes
   * to arrive, and its objects a quarter less memory (docs/performance.md).
   */
  | { type: 'batch'; itemsJson: string; skipped: SkippedItem[]; end: number; last: boolean }
  /** An item is not JSON: main reads the answer whole, as it would have without the scan. */
  | { type: 'not-json' }
  | { type: 'failed'; message: string }
