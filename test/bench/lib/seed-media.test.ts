import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { seedThumbnails } from '../../../bench/lib/seed-media'
import { mediaFileOf } from '../../../electron/demo/media'
import { defaultMediaDir } from '../../../electron/demo/media-dir'
import { mediaKey } from '../../../electron/main/media/disk-index'
import { MediaDiskStore } from '../../../electron/main/media/disk-store'

const quiet = { warn: () => {}, error: () => {} }
const dirs: string[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

describe('seedThumbnails', () => {
  it('leaves a media cache the app opens as its own, with the demo bytes under each address', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'seed-media-'))
    dirs.push(dataDir)
    const base = 'http://127.0.0.1:4010'
    const urls = [1, 2, 3, 14, 25].map((n) => `${base}/media/thumbs/${n}.jpg`)
    // A retired thumbnail has no file in the demo: a download of it fails, so no entry.
    const seeded = await seedThumbnails(dataDir, 'conn-1', [
      ...urls,
      `${base}/media/retired/7.jpg`,
      urls[0]!
    ])
    expect(seeded.files).toBe(urls.length)

    const store = new MediaDiskStore({ dir: join(dataDir, 'media'), limitBytes: 1e9, log: quiet })
    await store.open()
    expect(store.stats().files).toBe(urls.length)
    let bytes = 0
    for (const url of urls) {
      const key = mediaKey(url)
      const entry = await store.peek(key)
      expect(entry).toMatchObject({ contentType: 'image/jpeg', kept: false, owners: ['conn-1'] })
      const demoFile = join(defaultMediaDir(), mediaFileOf(new URL(url).pathname)!)
      const want = await readFile(demoFile)
      expect(await readFile(store.pathOf(key))).toEqual(want)
      expect(entry!.size).toBe(want.byteLength)
      bytes += want.byteLength
    }
    expect(seeded.bytes).toBe(bytes)
    expect(store.stats().bytes).toBe(bytes)
    // 2 and 14 map onto the same demo file (n * 5 % 12): one copy on disk, linked.
    expect((await stat(store.pathOf(mediaKey(urls[1]!)))).nlink).toBeGreaterThan(1)
    await store.close()
  })
})
