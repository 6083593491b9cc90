import { constants } from 'node:fs'
import { open } from 'node:fs/promises'

/**
 * Something other than a file stands where a file of ours should be (a folder, a named
 * pipe, a device): it is neither read nor written over, and the seller is told which path
 * and what to do, once.
 */
export class NotARegularFile extends Error {
  readonly path: string
  constructor(path: string, what: 'folder' | 'special') {
    super(
      what === 'folder'
        ? `${path} is a folder, not a file, so Seller Desk cannot read or save it: move it out of the data folder (or delete it) and restart Seller Desk.`
        : `${path} is not an ordinary file (a pipe or a device), so Seller Desk cannot read or save it: delete it and restart Seller Desk.`
    )
    this.name = 'NotARegularFile'
    this.path = path
  }
}

// Opening a named pipe for reading waits for a writer, forever: non-blocking, the open
// returns at once and the file's kind is checked before a byte is read.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/**
 * The text of a regular file, or null when there is none. Throws NotARegularFile for a
 * folder, pipe or device at `path`, and the usual errors otherwise.
 */
export async function readRegularFile(path: string): Promise<string | null> {
  let handle
  try {
    handle = await open(path, OPEN_FLAGS)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return null
    // Windows will not open a folder as a file.
    if (code === 'EISDIR') throw new NotARegularFile(path, 'folder')
    throw e
  }
  try {
    const stats = await handle.stat()
    if (stats.isDirectory()) throw new NotARegularFile(path, 'folder')
    if (!stats.isFile()) throw new NotARegularFile(path, 'special')
    return await handle.readFile('utf8')
  } finally {
    await handle.close()
  }
}
