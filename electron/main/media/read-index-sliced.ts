import { readSignedBodySliced } from '../cache/signed-body'
import type { SlicedRead } from '../cache/versioned-file'
import { runStepsSliced, type Steps } from '../util/steps'
import { timeSlices } from '../util/time-slices'

/** How disk-index-json.ts opens the index's body. */
const OPENING = Buffer.from('{"entries":{')
/** Between two entries, as disk-index-json.ts writes them: `},"<64 hex>":{`. */
const BETWEEN = Buffer.from('},"')
const KEY_LENGTH = 64
const AFTER_KEY = Buffer.from('":{')
/** Bytes of entries parsed between two steps: about 1,300 entries, a few ms. */
const CHUNK_BYTES = 256 * 1024

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
 */
function boundaryFrom(body: Buffer, from: number, end: number): number {
  for (let at = body.indexOf(BETWEEN, from); at !== -1 && at < end;) {
    if (keyAt(body, at + BETWEEN.length)) return at
    at = body.indexOf(BETWEEN, at + 1)
  }
  return -1
}

/**
 * The media index read in time slices, as background work: the file read, its sum checked,
 * then its entries parsed about 256 KB at a time. At 100,000 cached files the index is
 * 19.6 MB, and reading it whole held main for 440-660 ms in one turn at every launch.
 * Anything not laid out as disk-index-json.ts writes it is `unsigned`: versioned-file.ts
 * then reads the file its own way and judges it.
 */
export async function readMediaIndexSliced(
  path: string,
  file: { kind: string; format: number }
): Promise<SlicedRead> {
  const slices = timeSlices(8, { background: true })
  const body = await readSignedBodySliced(path, file, slices)
  if (typeof body === 'string') return body
  if (!body.subarray(0, OPENING.length).equals(OPENING)) return 'unsigned'
  const bytes: Buffer = body
  function* entries(): Steps<unknown> {
    // No prototype: a key named `__proto__` stays a key, as JSON.parse keeps it.
    const all = Object.create(null) as Record<string, unknown>
    let start = OPENING.length
    for (;;) {
      const cut = boundaryFrom(bytes, start + CHUNK_BYTES, bytes.length)
      if (cut === -1) {
        // The last entries, closed as the file closes them (with the seller's limit, if set).
        const last = JSON.parse(`{"entries":{${bytes.toString('utf8', start)}`) as {
          entries: Record<string, unknown>
        }
        Object.assign(all, last.entries)
        return { ...last, entries: all }
      }
      Object.assign(all, JSON.parse(`{${bytes.toString('utf8', start, cut + 1)}}`))
      start = cut + 2
      yield
    }
  }
  try {
    return { value: await runStepsSliced(entries(), slices) }
  } catch {
    return 'unsigned'
  }
}
