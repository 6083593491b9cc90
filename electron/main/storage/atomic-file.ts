import { randomBytes } from 'node:crypto'
import { open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

const TEMP_SUFFIX = '.tmp'

/** Writes a file's bytes as they are made, for a file that is never whole in memory. */
export interface AtomicWriter {
  /** Adds bytes at the end of what is written so far. */
  append(bytes: Uint8Array): Promise<void>
  /** Writes over bytes already written, from `position` (a header known only at the end). */
  overwrite(position: number, bytes: Uint8Array): Promise<void>
}

/**
 * Writes a file so that a reader (or a process killed at any moment) sees either the old
 * complete file or the new complete one, never a torn mix: the bytes go to a temp file in
 * the same folder (rename is only atomic within one file system), are fsynced, and the
 * temp file is renamed over the target. The folder is fsynced too, where the OS allows,
 * so the rename itself survives a power cut.
 */
export async function writeFileAtomic(
  path: string,
  /** A function writes the bytes as it makes them: a large file need not be in memory. */
  data: string | Uint8Array | ((out: AtomicWriter) => Promise<void>)
): Promise<void> {
  const dir = dirname(path)
  const temp = join(
    dir,
    `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`
  )
  const handle = await open(temp, 'w', 0o600)
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data)
    else await data(writerOf(handle))
    await handle.sync()
  } catch (e) {
    await handle.close().catch(() => {})
    await rm(temp, { force: true })
    throw e
  }
  await handle.close()
  try {
    await rename(temp, path)
  } catch (e) {
    await rm(temp, { force: true })
    throw e
  }
  await syncDir(dir)
}

async function writeAll(handle: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  for (let at = 0; at < bytes.byteLength;) {
    const { bytesWritten } = await handle.write(bytes, at, bytes.byteLength - at, position + at)
    at += bytesWritten
  }
}

function writerOf(handle: FileHandle): AtomicWriter {
  let length = 0
  return {
    async append(bytes) {
      await writeAll(handle, bytes, length)
      length += bytes.byteLength
    },
    async overwrite(position, bytes) {
      if (!Number.isSafeInteger(position) || position < 0 || position + bytes.byteLength > length)
        throw new RangeError('Only bytes already written can be written over.')
      await writeAll(handle, bytes, position)
    }
  }
}

async function syncDir(dir: string): Promise<void> {
  // Windows cannot open a folder for fsync; the rename is still atomic there.
  if (process.platform === 'win32') return
  try {
    const handle = await open(dir, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Best effort: some file systems refuse fsync on a folder.
  }
}

/**
 * Removes temp files a killed writer left behind. Only files older than `minAgeMs` go, so
 * a write in progress in another instance is never pulled from under it.
 */
export async function sweepTempFiles(
  dir: string,
  minAgeMs = 60_000,
  /** The folder's names, when the caller has just listed it (the media folder's are many). */
  listed?: readonly string[]
): Promise<number> {
  let names: readonly string[]
  try {
    names = listed ?? (await readdir(dir))
  } catch {
    return 0
  }
  let removed = 0
  const now = Date.now()
  for (const name of names) {
    if (!name.startsWith('.') || !name.endsWith(TEMP_SUFFIX)) continue
    const full = join(dir, name)
    try {
      const s = await stat(full)
      if (now - s.mtimeMs < minAgeMs) continue
      await rm(full, { force: true })
      removed++
    } catch {
      // Gone already.
    }
  }
  return removed
}

export function isTempFileName(name: string): boolean {
  return name.startsWith('.') && name.endsWith(TEMP_SUFFIX)
}
