import { createHash } from 'node:crypto'

// Files versioned-file.ts writes open with exactly these bytes, then the body, then `}`.
const SIGNED_PREFIX =
  /^\{"format":(-?\d{1,9}),"kind":"([A-Za-z0-9_-]{1,64})","sha256":"([A-Za-z0-9_-]{43})","body":/
const PREFIX_WINDOW = 256
const CLOSE_BRACE = 0x7d

// base64url, not hex: 64 hex digits on disk look like an API key to every check that
// makes sure no key was written down.
const sha256 = (bytes: Uint8Array | string): string =>
  createHash('sha256').update(bytes).digest('base64url')

/**
 * The body of a file laid out as versioned-file.ts writes it (our prefix, this kind and
 * format, a body whose bytes hash to the sum beside it), or null when it is not: the
 * caller's slow path judges it then. Shared by main and the list's read on a thread.
 */
export function signedBody(bytes: Buffer, kind: string, format: number): Buffer | null {
  const head = SIGNED_PREFIX.exec(bytes.subarray(0, PREFIX_WINDOW).toString('latin1'))
  if (!head || bytes[bytes.length - 1] !== CLOSE_BRACE) return null
  const [prefix, fileFormat, fileKind, sum] = head
  if (fileKind !== kind || Number(fileFormat) !== format) return null
  const body = bytes.subarray(prefix!.length, bytes.length - 1)
  return sha256(body) === sum ? body : null
}
