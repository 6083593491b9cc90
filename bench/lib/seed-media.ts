import { link, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { mediaFileOf } from '../../electron/demo/media'
import { defaultMediaDir } from '../../electron/demo/media-dir'
import { VersionedFile } from '../../electron/main/cache/versioned-file'
import {
  blobPath,
  INDEX_FILE,
  IndexSchema,
  MEDIA_INDEX_FORMAT,
  mediaKey,
  type MediaEntry
} from '../../electron/main/media/disk-index'
import { mediaKeyUrl } from '../../electron/main/media/registry'

const quiet = { warn: () => {}, error: () => {} }
const LINKS_AT_ONCE = 32

/**
 * Writes the media cache a finished prefetch leaves for these thumbnail addresses, in the
 * app's own layout (`media/<sha256 of the URL>.bin` and the versioned index), without
 * downloading them one by one: the demo maps every item's thumbnail onto a dozen real
 * files, so each of those is written once and every other address is a hard link to it.
 * The app then opens it as its own (it checks each file's size against the index).
 * Returns the files and bytes written. Addresses the demo has no file for are left out,
 * as a failed download would be.
 */
export async function seedThumbnails(
  dataDir: string,
  owner: string,
  thumbnails: readonly string[],
  demoMediaDir = defaultMediaDir()
): Promise<{ files: number; bytes: number }> {
  const dir = join(dataDir, 'media')
  await mkdir(dir, { recursive: true })
  // Which demo file each new address gets, in the list's order (its place sets lastUsed).
  const wanted = new Map<string, string>()
  for (const remote of thumbnails) {
    const url = mediaKeyUrl(remote)
    const file = url === null ? null : mediaFileOf(new URL(url).pathname)
    if (url === null || file === null) continue
    const key = mediaKey(url)
    if (!wanted.has(key)) wanted.set(key, file)
  }
  const firstCopy = new Map<string, { key: string; size: number }>()
  const links: Array<{ from: string; to: string }> = []
  const entries: Record<string, MediaEntry> = {}
  let clock = Date.now()
  let bytes = 0
  for (const [key, file] of wanted) {
    let copy = firstCopy.get(file)
    if (copy) {
      links.push({ from: blobPath(dir, copy.key), to: blobPath(dir, key) })
    } else {
      const data = await readFile(join(demoMediaDir, file))
      await writeFile(blobPath(dir, key), data, { mode: 0o600 })
      copy = { key, size: data.byteLength }
      firstCopy.set(file, copy)
    }
    bytes += copy.size
    entries[key] = {
      contentType: 'image/jpeg',
      size: copy.size,
      lastUsed: ++clock,
      kept: false,
      owners: [owner]
    }
  }
  // 100,000 links one await at a time leave libuv's file pool mostly idle; several at
  // once keep its four threads busy (the file system is then what bounds it).
  let next = 0
  const linker = async (): Promise<void> => {
    while (next < links.length) {
      const { from, to } = links[next++]!
      await link(from, to)
    }
  }
  await Promise.all(Array.from({ length: LINKS_AT_ONCE }, linker))
  const index = new VersionedFile('media-index', MEDIA_INDEX_FORMAT, IndexSchema, quiet)
  await index.write(join(dir, INDEX_FILE), { entries })
  return { files: Object.keys(entries).length, bytes }
}
