import { open } from 'node:fs/promises'
import type { ByteRange } from './range'

const CHUNK = 256 * 1024

/**
 * A byte range of a file as a web ReadableStream, read chunk by chunk on demand, so a
 * long video seeks without loading the file. The file is opened and its size checked
 * against the index's before anything is answered: a file that vanished (evicted
 * meanwhile) or was changed behind our back fails here, not mid-stream.
 */
export async function fileRangeStream(
  path: string,
  range: ByteRange,
  size: number
): Promise<ReadableStream<Uint8Array>> {
  const handle = await open(path, 'r')
  const actual = await handle.stat().then(
    (s) => s.size,
    () => null
  )
  if (actual !== size) {
    await handle.close().catch(() => {})
    throw new Error('cached media file changed size')
  }
  let position = range.start
  let closed = false
  const close = async (): Promise<void> => {
    if (closed) return
    closed = true
    await handle.close().catch(() => {})
  }
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const left = range.end + 1 - position
      if (left <= 0) {
        await close()
        controller.close()
        return
      }
      const buffer = new Uint8Array(Math.min(CHUNK, left))
      try {
        const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, position)
        if (bytesRead === 0) {
          await close()
          controller.error(new Error('cached media file ended early'))
          return
        }
        position += bytesRead
        controller.enqueue(buffer.subarray(0, bytesRead))
      } catch (e) {
        await close()
        controller.error(e)
      }
    },
    async cancel() {
      await close()
    }
  })
}
