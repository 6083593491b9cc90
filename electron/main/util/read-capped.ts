import type { TimeSlices } from './time-slices'

/** How a body is read. */
export interface BodyReading {
  /** The body in shared memory, so a worker thread can read it where it is (the item list). */
  shared?: boolean
  /**
   * Background reading (a refresh's list): between chunks, the event loop turns when its
   * slice is due, and the read waits there while the seller types. Unheld, the chunks
   * the socket had gathered while a search read the saved list were taken in under the
   * seller's next keys (docs/performance.md).
   */
  slices?: TimeSlices
}

/**
 * Reads a stream to its end counting the bytes actually received, so a lying or endless
 * server cannot fill memory. Null when it passes `cap` (the stream is cancelled then);
 * errors of the stream itself are the caller's to word.
 *
 * With the size the sender declared, chunks are copied into place as they come, so a large
 * body (the whole catalogue) is never held both in chunks and whole. The declaration is a
 * hint only: a body longer than it (or compressed on the wire) is gathered in chunks after all.
 */
export async function readStreamCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
  declaredBytes?: number,
  /** Told the bytes received so far after each chunk (a refresh's progress). */
  onBytes?: (received: number) => void,
  how: BodyReading = {}
): Promise<Uint8Array | null> {
  const { shared = false, slices } = how
  const bytes = (n: number): Uint8Array =>
    shared ? new Uint8Array(new SharedArrayBuffer(n)) : new Uint8Array(n)
  if (!body) return new Uint8Array(0)
  const reader = body.getReader()
  let whole =
    declaredBytes !== undefined &&
    Number.isSafeInteger(declaredBytes) &&
    declaredBytes > 0 &&
    declaredBytes <= cap
      ? bytes(declaredBytes)
      : null
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    if (slices?.due()) await slices.turn()
    const { done, value } = await reader.read()
    if (done) break
    if (total + value.byteLength > cap) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    if (whole && total + value.byteLength <= whole.byteLength) whole.set(value, total)
    else {
      if (whole) chunks.push(whole.subarray(0, total))
      whole = null
      chunks.push(value)
    }
    total += value.byteLength
    onBytes?.(total)
  }
  if (whole && total === whole.byteLength) return whole
  if (whole) chunks.push(whole.subarray(0, total))
  const out = bytes(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}
