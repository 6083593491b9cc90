import { scanItemsAnswerSliced } from '../marketplace/wire/items-scan'
import { runStepsSliced, type Steps } from '../util/steps'
import { timeSlices } from '../util/time-slices'
import { readSignedBodySliced } from './signed-body'
import { readListLines } from './read-list-lines'
import { LIST_OPENS } from './list-entry-json'
import type { SlicedRead } from './versioned-file'

/** Where listEntryPieces (list-entry-json.ts) writes the list: after its date. */
const DATA_KEY = Buffer.from(',"data":')
const OPENING = Buffer.from(LIST_OPENS)
const CLOSE_BRACE = 0x7d
/** Items parsed between two steps. */
const ITEMS_PER_STEP = 64

/**
 * The saved list read in time slices, in turns of at most 8 ms, so a seller's first search
 * waits about as long as one read in main took but nothing else waits with it (at 100,000
 * items that one turn was 3.5 s): a line at a time as listEntryPieces lays it out
 * (read-list-lines.ts), or, for a list saved before that layout, the file read whole, its
 * sum checked, the item list found (items-scan.ts) and each item parsed. Anything not
 * laid out as listEntryPieces writes it, under a matching sum, is `unsigned`:
 * versioned-file.ts then reads the file its own way and judges it.
 *
 * The heap grows as V8 prefers for a small heap (small-heap.ts) while it is read. Given
 * room to grow, the read took half the CPU, but V8 then let garbage pile up to match: a
 * search during a 100,000-item refresh, which reads the list while the new one comes in,
 * peaked 40 MiB higher (docs/performance.md).
 */
export async function readListSliced(
  path: string,
  file: { kind: string; format: number }
): Promise<SlicedRead> {
  // A seller's request waits for this read: plain turns, never a hold for requests.
  const slices = timeSlices(8)
  const byLines = await runStepsSliced(readListLines(path, file), slices)
  if (byLines !== null) return byLines
  // Saved before lists were laid out a line an item: read whole, as then.
  const body = await readSignedBodySliced(path, file, slices)
  if (typeof body === 'string') return body
  if (!body.subarray(0, OPENING.length).equals(OPENING)) return 'unsigned'
  const dataAt = body.indexOf(DATA_KEY)
  if (dataAt === -1) return 'unsigned'
  let fetchedAt: unknown
  try {
    fetchedAt = JSON.parse(body.subarray(OPENING.length, dataAt).toString('utf8'))
  } catch {
    return 'unsigned'
  }
  // The body's own closing brace ends it: the list object is what lies between.
  if (body[body.length - 1] !== CLOSE_BRACE) return 'unsigned'
  const data = body.subarray(dataAt + DATA_KEY.length, body.length - 1)
  const scanned = await scanItemsAnswerSliced(data, slices).catch(() => null)
  if (typeof fetchedAt !== 'string' || !scanned) return 'unsigned'
  function* items(): Steps<unknown[]> {
    const read: unknown[] = new Array(scanned!.count)
    for (let n = 0; n < read.length; n++) {
      read[n] = scanned!.item(n)
      if (n % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield
    }
    return read
  }
  try {
    return {
      value: { fetchedAt, data: { ...scanned.head, items: await runStepsSliced(items(), slices) } }
    }
  } catch {
    return 'unsigned'
  }
}
