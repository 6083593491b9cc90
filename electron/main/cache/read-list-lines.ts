import { createHash } from 'node:crypto'
import { readSync } from 'node:fs'
import { MAX_LISTED_ITEMS } from '../marketplace/wire/items-scan'
import type { Steps } from '../util/steps'
import { readSignedChunks, type SignedChunks } from './signed-body'
import type { SlicedRead } from './versioned-file'
import { ITEMS_OPEN, LIST_OPENS } from './list-entry-json'

/**
 * Bytes read from the file at a time. The file is never in memory whole: at 100,000 items
 * it is 79 MB, which a search during a refresh held beside both lists (docs/performance.md).
 */
const CHUNK_BYTES = 1 << 20
/** Items parsed between two steps. */
const ITEMS_PER_STEP = 64
const NEWLINE = 0x0a
const COMMA = 0x2c
const CLOSE_ARRAY = 0x5d

/**
 * The saved list read a line at a time, as listEntryPieces lays it out: the date on the
 * first line, each item on its own, then the rest of the list. The file is read a chunk at
 * a time with its sum taken as it goes, and each item parsed as its line completes, so
 * only the items stay. Null when the body does not open that way (a list saved before the
 * layout, or one not ours): read-list-sliced.ts reads it whole then. A sum that does not
 * match, or a line out of place, is `unsigned`, and versioned-file.ts judges the file.
 */
export function readListLines(
  path: string,
  file: { kind: string; format: number }
): Steps<SlicedRead | null> {
  return readSignedChunks(path, file, CHUNK_BYTES, linesOf)
}

function* linesOf({
  fd,
  chunk,
  first: firstBytes,
  bodyAt,
  sum,
  end
}: SignedChunks): Steps<SlicedRead | null> {
  let pos = Math.min(firstBytes.byteLength, end)
  // The first line must be in the first chunk: a body laid out otherwise is one long line.
  const firstEnd = firstBytes.indexOf(NEWLINE, bodyAt)
  if (firstEnd === -1 || firstEnd >= pos) return null
  const firstLine = firstBytes.toString('latin1', bodyAt, firstEnd)
  // The date's line as listEntryPieces writes it.
  if (!firstLine.startsWith(LIST_OPENS) || !firstLine.endsWith(ITEMS_OPEN)) return null
  const fetchedAt: unknown = JSON.parse(firstLine.slice(LIST_OPENS.length, -ITEMS_OPEN.length))
  if (typeof fetchedAt !== 'string') return 'unsigned'

  const hash = createHash('sha256')
  const items: unknown[] = []
  let rest: string | null = null
  const take = (line: Buffer): void => {
    if (rest !== null) throw new Error('a line after the end of the list')
    if (line[0] === CLOSE_ARRAY) {
      rest = line.toString('utf8')
      return
    }
    if (items.length === MAX_LISTED_ITEMS) throw new Error('too many items')
    const json = line[line.length - 1] === COMMA ? line.subarray(0, -1) : line
    items.push(JSON.parse(json.toString('utf8')))
  }
  /** The line under way: copies of its pieces (the chunk is read into again). */
  let partial: Buffer[] = []
  let piece = firstBytes.subarray(bodyAt, pos)
  let lineFrom = firstEnd + 1 - bodyAt
  let sinceStep = 0
  for (;;) {
    hash.update(piece)
    for (
      let nl = piece.indexOf(NEWLINE, lineFrom);
      nl !== -1;
      nl = piece.indexOf(NEWLINE, lineFrom)
    ) {
      const tail = piece.subarray(lineFrom, nl)
      take(partial.length === 0 ? tail : Buffer.concat([...partial, tail]))
      partial = []
      lineFrom = nl + 1
      if (++sinceStep === ITEMS_PER_STEP) {
        sinceStep = 0
        yield
      }
    }
    if (lineFrom < piece.byteLength) partial.push(Buffer.from(piece.subarray(lineFrom)))
    if (pos >= end) break
    yield
    const read = readSync(fd, chunk, 0, Math.min(chunk.byteLength, end - pos), pos)
    if (read === 0) return 'unsigned'
    pos += read
    piece = chunk.subarray(0, read)
    lineFrom = 0
  }
  take(Buffer.concat(partial))
  if (hash.digest('base64url') !== sum || rest === null) return 'unsigned'
  const restOfList: unknown = JSON.parse(`{${(rest as string).slice(2, -1)}`)
  if (typeof restOfList !== 'object' || restOfList === null || Array.isArray(restOfList))
    return 'unsigned'
  return { value: { fetchedAt, data: { ...restOfList, items } } }
}
