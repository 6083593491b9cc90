import type { Item } from '../../../../shared/model'
import type { SkippedItem } from '../wire/envelopes'
import type { ItemSpans } from './parse-batch'

/**
 * What main and the list thread say to each other. Main pulls: it asks for each batch
 * once it has taken the last one in, so a burst of batches can never queue up and be
 * taken in by main in one long turn (a port hands over every waiting message at once).
 */
export type ToWorker =
  /** Parse the scanned answer's items. */
  | ({ type: 'parse'; batch: number } & ItemSpans)
  /** Read the saved list's file, written by versioned-file.ts as `kind` in `format`. */
  | { type: 'read-list'; path: string; kind: string; format: number; batch: number }
  /** The next batch: main has taken in the last one, and the seller is not typing. */
  | { type: 'more' }

export type FromWorker =
  /** Items up to `end` (excluded); `last` on the last batch. */
  | { type: 'batch'; items: Item[]; skipped: SkippedItem[]; end: number; last: boolean }
  /** An item is not JSON: main reads the answer whole, as it would have without the scan. */
  | { type: 'not-json' }
  /** The saved list without its items (`data.items` empty), and how many follow in batches. */
  | { type: 'list-head'; value: unknown; count: number }
  /** No saved list file. */
  | { type: 'missing' }
  /** A file not laid out as versioned-file.ts writes it (or damaged): main judges it. */
  | { type: 'unsigned' }
  | { type: 'failed'; message: string }
