import { randomBytes } from 'node:crypto'
import { open, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { StoreLog } from '../cache/versioned-file'
import { writeFileAtomic } from '../storage/atomic-file'
import { blobPath, keptPath, KeptMarkerSchema, type MediaEntry } from './disk-index'

/** Streams a body into a temp file (fsynced), then renames it into place; null past `cap`. */
export async function writeBlob(
  dir: string,
  key: string,
  body: Uint8Array | ReadableStream<Uint8Array>,
  cap: number
): Promise<number | null> {
  const temp = join(dir, `.${key}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await open(temp, 'w', 0o600)
  let size = 0
  let ok = false
  try {
    if (body instanceof Uint8Array) {
      if (body.byteLength > cap) return null
      await handle.writeFile(body)
      size = body.byteLength
    } else {
      const reader = body.getReader()
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          size += value.byteLength
          if (size > cap) {
            await reader.cancel().catch(() => {})
            return null
          }
          await handle.write(value)
        }
      } finally {
        reader.releaseLock()
      }
    }
    await handle.sync()
    ok = true
  } finally {
    await handle.close().catch(() => {})
    if (!ok) await rm(temp, { force: true })
  }
  await rename(temp, blobPath(dir, key))
  return size
}

/** The first bytes of a file (enough to sniff its type); empty when it cannot be read. */
export async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r').catch(() => null)
  if (!handle) return new Uint8Array(0)
  try {
    const buffer = new Uint8Array(1024)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

export async function writeKeptMarker(
  dir: string,
  key: string,
  entry: MediaEntry,
  log: StoreLog
): Promise<void> {
  try {
    await writeFileAtomic(keptPath(dir, key), JSON.stringify({ contentType: entry.contentType }))
  } catch {
    // The index still says so; only a rebuild after index damage would miss it.
    log.warn('[media] could not mark a file kept offline beside it')
  }
}

/** The media type a kept marker records; null when it cannot be read. */
export async function readKeptMarker(dir: string, key: string): Promise<string | null> {
  try {
    const json: unknown = JSON.parse(await readFile(keptPath(dir, key), 'utf8'))
    const parsed = KeptMarkerSchema.safeParse(json)
    return parsed.success ? parsed.data.contentType : null
  } catch {
    return null
  }
}
