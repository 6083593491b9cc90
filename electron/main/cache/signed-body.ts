import { createHash } from 'node:crypto'
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs'
import { runStepsSliced, type Steps } from '../util/steps'
import type { TimeSlices } from '../util/time-slices'

// Files versioned-file.ts writes open with exactly these bytes, then the body, then `}`.
const SIGNED_PREFIX =
  /^\{"format":(-?\d{1,9}),"kind":"([A-Za-z0-9_-]{1,64})","sha256":"([A-Za-z0-9_-]{43})","body":/
const PREFIX_WINDOW = 256
const CLOSE_BRACE = 0x7d
/** Bytes hashed between two steps: about a millisecond of work. */
const HASH_STEP_BYTES = 1 << 20

// base64url, not hex: 64 hex digits on disk look like an API key to every check that
// makes sure no key was written down.
const sha256 = (bytes: Uint8Array | string): string =>
  createHash('sha256').update(bytes).digest('base64url')

/**
 * Our prefix with this kind and format, found in the file's first bytes: where its body
 * starts and the sum written for it. The body ends one byte before the file does, at a `}`.
 */
function signedHead(
  first: Uint8Array,
  kind: string,
  format: number
): { bodyAt: number; sum: string } | null {
  const head = SIGNED_PREFIX.exec(
    Buffer.from(first.buffer, first.byteOffset, Math.min(first.byteLength, PREFIX_WINDOW)).toString(
      'latin1'
    )
  )
  if (!head) return null
  const [prefix, fileFormat, fileKind, sum] = head
  if (fileKind !== kind || Number(fileFormat) !== format) return null
  return { bodyAt: prefix!.length, sum: sum! }
}

const isCloseBrace = (byte: number | undefined): boolean => byte === CLOSE_BRACE

/** Our prefix with this kind and format: the body's bytes and the sum written beside them. */
function signedLayout(
  bytes: Buffer,
  kind: string,
  format: number
): { body: Buffer; sum: string } | null {
  const head = signedHead(bytes, kind, format)
  if (!head || !isCloseBrace(bytes[bytes.length - 1])) return null
  return { body: bytes.subarray(head.bodyAt, bytes.length - 1), sum: head.sum }
}

/**
 * The body of a file laid out as versioned-file.ts writes it (our prefix, this kind and
 * format, a body whose bytes hash to the sum beside it), or null when it is not: the
 * caller's slow path judges it then.
 */
export function signedBody(bytes: Buffer, kind: string, format: number): Buffer | null {
  const layout = signedLayout(bytes, kind, format)
  return layout && sha256(layout.body) === layout.sum ? layout.body : null
}

/** signedBody with the hash in time slices: a 100,000-item list is 78 MB to hash. */
function signedBodySliced(
  bytes: Buffer,
  kind: string,
  format: number,
  slices: TimeSlices
): Promise<Buffer | null> {
  function* steps(): Steps<Buffer | null> {
    const layout = signedLayout(bytes, kind, format)
    if (!layout) return null
    const hash = createHash('sha256')
    for (let at = 0; at < layout.body.length; at += HASH_STEP_BYTES) {
      hash.update(layout.body.subarray(at, at + HASH_STEP_BYTES))
      yield
    }
    return hash.digest('base64url') === layout.sum ? layout.body : null
  }
  return runStepsSliced(steps(), slices)
}

/**
 * A signed file's body read with its hash in time slices: 'missing' when there is no file,
 * 'unsigned' when it cannot be read or is not laid out and summed as versioned-file.ts
 * writes it (that class's own read then judges it).
 */
export async function readSignedBodySliced(
  path: string,
  file: { kind: string; format: number },
  slices: TimeSlices
): Promise<Buffer | 'missing' | 'unsigned'> {
  let bytes: Buffer
  try {
    // Synchronous, as versioned-file.ts reads: 15 MB in a few ms, where an asynchronous
    // read is thirty trips to the I/O pool, each waiting its turn behind the refresh.
    bytes = readFileSync(path)
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unsigned'
  }
  return (await signedBodySliced(bytes, file.kind, file.format, slices)) ?? 'unsigned'
}

/** A signed file opened to be read a chunk at a time, its prefix and last byte as we write them. */
export interface SignedChunks {
  fd: number
  /** The buffer each chunk is read into (read into again for the next). */
  chunk: Buffer
  /** The first chunk's bytes. */
  first: Buffer
  /** Where the body starts in the first chunk, and the sum written for it. */
  bodyAt: number
  sum: string
  /** The body's end in the file: the file's closing brace is not part of it. */
  end: number
}

/**
 * A signed file read a chunk at a time by `body`, which takes the sum as it goes: 'missing'
 * when there is no file, 'unsigned' when its prefix or last byte is not as versioned-file.ts
 * writes them, when a read fails, or when `body` throws (bytes that are not what the file
 * claims; their sum would not have matched). The file is closed however it ends.
 */
export function* readSignedChunks<T>(
  path: string,
  file: { kind: string; format: number },
  chunkBytes: number,
  body: (signed: SignedChunks) => Steps<T>
): Steps<T | 'missing' | 'unsigned'> {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unsigned'
  }
  try {
    const size = fstatSync(fd).size
    const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, Math.max(size, 1)))
    const first = chunk.subarray(0, readSync(fd, chunk, 0, chunk.byteLength, 0))
    const head = signedHead(first, file.kind, file.format)
    const last = Buffer.alloc(1)
    if (!head || readSync(fd, last, 0, 1, size - 1) !== 1 || !isCloseBrace(last[0]))
      return 'unsigned'
    return yield* body({ fd, chunk, first, bodyAt: head.bodyAt, sum: head.sum, end: size - 1 })
  } catch {
    return 'unsigned'
  } finally {
    closeSync(fd)
  }
}
