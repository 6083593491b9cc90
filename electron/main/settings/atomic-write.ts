import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Replaces `path` with `text` so a crash leaves either the old file or the new one, never
 * half of each: temp file in the same folder, fsync, rename, then fsync the folder.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path)
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await open(temp, 'wx', 0o600)
  try {
    await handle.writeFile(text, 'utf8')
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await rename(temp, path)
  } catch (e) {
    await rm(temp, { force: true })
    throw e
  }
  await syncDir(dir)
}

async function syncDir(dir: string): Promise<void> {
  // Makes the rename itself durable; folders cannot be opened this way on Windows.
  try {
    const handle = await open(dir, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    /* best effort */
  }
}
