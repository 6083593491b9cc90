import { readFile } from 'node:fs/promises'
import type { StoreLog } from '../cache/versioned-file'
import { fileRangeStream } from './disk-reader'
import type { MediaDiskStore } from './disk-store'
import { safetyHeaders } from './media-type'
import { parseRange } from './range'
import type { MediaAnswer } from './types'

const SMALL_FILE = 1024 * 1024

/**
 * A stored file as a media answer, whole or the Range asked for; null when it is not
 * stored (or was damaged, and is forgotten so the caller fetches it again).
 */
export async function answerFromDisk(
  store: MediaDiskStore,
  key: string,
  range: string | undefined,
  log: StoreLog
): Promise<MediaAnswer | null> {
  const entry = await store.get(key)
  if (!entry) return null
  const path = store.pathOf(key)
  const headers = {
    'content-type': entry.contentType,
    'accept-ranges': 'bytes',
    'cache-control': 'no-cache',
    ...safetyHeaders(entry.contentType)
  }
  const wanted = parseRange(range, entry.size)
  try {
    if (wanted === 'unsatisfiable') {
      return {
        status: 416,
        headers: { ...headers, 'content-range': `bytes */${entry.size}` },
        body: null
      }
    }
    if (wanted === null) {
      const body =
        entry.size <= SMALL_FILE
          ? new Uint8Array(await readFile(path))
          : await fileRangeStream(path, { start: 0, end: entry.size - 1 }, entry.size)
      if (body instanceof Uint8Array && body.byteLength !== entry.size)
        throw new Error('size changed')
      return { status: 200, headers: { ...headers, 'content-length': String(entry.size) }, body }
    }
    return {
      status: 206,
      headers: {
        ...headers,
        'content-length': String(wanted.end - wanted.start + 1),
        'content-range': `bytes ${wanted.start}-${wanted.end}/${entry.size}`
      },
      body: await fileRangeStream(path, wanted, entry.size)
    }
  } catch {
    // Deleted or damaged behind our back: forget it and fetch again.
    log.warn('[media] a cached media file was missing or unreadable; fetching it again')
    await store.drop(key)
    return null
  }
}
