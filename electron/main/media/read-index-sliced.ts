import { createHash } from 'node:crypto'
import { readSync } from 'node:fs'
import { readSignedChunks, type SignedChunks } from '../cache/signed-body'
import type { SlicedRead } from '../cache/versioned-file'
import { runStepsSliced, type Steps } from '../util/steps'
import { timeSlices } from '../util/time-slices'

/** How disk-index-json.ts opens the index's body. */
const OPENING = Buffer.from('{"entries":{')
/** Between two entries, as disk-index-json.ts writes them: `},"<64 hex>":{`. */
const BETWEEN = Buffer.from('},"')
const KEY_LENGTH = 64
const AFTER_KEY = Buffer.from('":{')
/** Bytes read from the file at a time: the index is never in memory whole. */
const READ_BYTES = 1 << 20
/**
 * Bytes of entries parsed at a time: about 300 entries. Each is one string of that size,
 * which V8 makes in its young space below 128 KiB and lets die there: 256 KB strings (and
 * their braced copies) went to the large-object space, 40 MB of them at 100,000 files,
 * which only a full collection frees.
 */
const PARSE_BYTES = 60 * 1024
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d

const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66)

/** Whether an entry's key starts at `at`: 64 lowercase hex digits, then `":{`. */
function keyAt(body: Buffer, at: number): boolean {
  if (at + KEY_LENGTH + AFTER_KEY.length > body.length) return false
  for (let i = at; i < at + KEY_LENGTH; i++) if (!isHex(body[i]!)) return false
  return body.subarray(at + KEY_LENGTH, at + KEY_LENGTH + AFTER_KEY.length).equals(AFTER_KEY)
}

/**
 * The first boundary between two entries at or after `from`: the index of the `}` that
 * closes an entry followed by another's key. In the JSON the index is written as (and its
 * sum says it is) that run of bytes is always a boundary: inside a string a `"` is escaped,
 * and a string closed there would be followed by a key's hex digits, which JSON forbids.
 * A key cut off by the end of the bytes read so far is no boundary yet (-1: read on).
 */
function boundaryFrom(body: Buffer, from: number): number {
  for (let at = body.indexOf(BETWEEN, from); at !== -1;) {
    if (keyAt(body, at + BETWEEN.length)) return at
    at = body.indexOf(BETWEEN, at + 1)
  }
  return -1
}

/**
 * Entries whose owner lists are equal given one array, frozen (the store replaces a list,
 * never changes one): most files have the same one owner, and 100,000 copies of its array
 * and id were 11 MB the store held for the whole session.
 */
function ownersShared(): (entries: Record<string, unknown>) => Record<string, unknown> {
  // Apart, so that one owner named like another list's JSON is not taken for that list.
  const single = new Map<unknown, readonly unknown[]>()
  const several = new Map<unknown, readonly unknown[]>()
  const shared = (owners: unknown[]): readonly unknown[] => {
    const lists = owners.length === 1 ? single : several
    const as = owners.length === 1 ? owners[0] : JSON.stringify(owners)
    const list = lists.get(as)
    if (list) return list
    lists.set(as, Object.freeze(owners))
    return owners
  }
  return (entries) => {
    for (const key in entries) {
      const entry = entries[key]
      if (typeof entry !== 'object' || entry === null || !('owners' in entry)) continue
      if (Array.isArray(entry.owners)) entry.owners = shared(entry.owners as unknown[])
    }
    return entries
  }
}

/**
 * The media index read as background work, in time slices: a MiB of the file at a time,
 * its sum taken as it goes, its entries parsed about 60 KB at a time. At 100,000 cached
 * files the index is 19.6 MB: read whole, it held main for 440-660 ms in one turn at every
 * launch, and later its bytes stayed in memory until the last entry was parsed, during the
 * launch refresh's peak (docs/performance.md). Anything not laid out as disk-index-json.ts
 * writes it, or whose sum does not match once read, is `unsigned`: versioned-file.ts then
 * reads the file its own way and judges it.
 */
export async function readMediaIndexSliced(
  path: string,
  file: { kind: string; format: number }
): Promise<SlicedRead> {
  return runStepsSliced(
    readSignedChunks(path, file, READ_BYTES, entriesOf),
    timeSlices(8, { background: true })
  )
}

function* entriesOf({ fd, chunk, first, bodyAt, sum, end }: SignedChunks): Steps<SlicedRead> {
  let pos = Math.min(first.byteLength, end)
  let piece = first.subarray(bodyAt, pos)
  if (!piece.subarray(0, OPENING.length).equals(OPENING)) return 'unsigned'
  const hash = createHash('sha256')
  // No prototype: a key named `__proto__` stays a key, as JSON.parse keeps it.
  const all = Object.create(null) as Record<string, unknown>
  const shareOwners = ownersShared()
  /**
   * Bytes read and not parsed yet: a byte the parse may overwrite, then the entries from
   * the start of one (the opening's own brace at first). A copy of what was read and summed.
   */
  let pending = Buffer.from(piece.subarray(OPENING.length - 1))
  hash.update(piece)
  for (;;) {
    let start = 1
    for (let cut = boundaryFrom(pending, start + PARSE_BYTES); cut !== -1;) {
      // Entries `"k":{…},…,"k":{…}` braced in place (the commas around them are spent), so
      // they are parsed from one string, not from a copy with braces added.
      pending[start - 1] = OPEN_BRACE
      pending[cut + 1] = CLOSE_BRACE
      Object.assign(all, shareOwners(JSON.parse(pending.toString('utf8', start - 1, cut + 2))))
      start = cut + 2
      yield
      cut = boundaryFrom(pending, start + PARSE_BYTES)
    }
    if (pos >= end) {
      // The last entries, closed as the file closes them (with the seller's limit, if set).
      const rest = JSON.parse(`{"entries":{${pending.toString('utf8', start)}`) as {
        entries: Record<string, unknown>
      }
      if (hash.digest('base64url') !== sum) return 'unsigned'
      Object.assign(all, shareOwners(rest.entries))
      return { value: { ...rest, entries: all } }
    }
    yield
    const read = readSync(fd, chunk, 0, Math.min(chunk.byteLength, end - pos), pos)
    if (read === 0) return 'unsigned'
    pos += read
    piece = chunk.subarray(0, read)
    hash.update(piece)
    pending = Buffer.concat([pending.subarray(start - 1), piece])
  }
}
