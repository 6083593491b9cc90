import { mkdtemp, rm, truncate } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VersionedFile } from '../../../electron/main/cache/versioned-file'
import { STAT_CONCURRENCY, loadMediaDir } from '../../../electron/main/media/disk-load'
import { IndexSchema, MEDIA_INDEX_FORMAT, mediaKey } from '../../../electron/main/media/disk-index'
import { MediaDiskStore } from '../../../electron/main/media/disk-store'

const log = { warn: () => {} }
let dir: string
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'sd-media-load-')), 'media')
})
afterEach(async () => {
  await rm(join(dir, '..'), { recursive: true, force: true })
})

describe('loadMediaDir', () => {
  it('checks many files at once yet keeps the index order, dropping a changed or missing file', async () => {
    const count = STAT_CONCURRENCY * 3 + 5
    const keys = Array.from({ length: count }, (_, n) => mediaKey(`https://cdn.example/${n}.png`))
    const store = new MediaDiskStore({ dir, limitBytes: 1e9, log })
    for (const [n, key] of keys.entries())
      await store.put(key, new Uint8Array(10 + n), 'image/png', n === 3, 1e6)
    await store.close()
    await truncate(store.pathOf(keys[7]!), 2)
    await rm(store.pathOf(keys[count - 1]!))

    const index = new VersionedFile('media-index', MEDIA_INDEX_FORMAT, IndexSchema, log)
    const loaded = await loadMediaDir(dir, index, log)
    const kept = keys.filter((_, n) => n !== 7 && n !== count - 1)
    expect([...loaded.entries.keys()]).toEqual(kept)
    expect(loaded.total).toBe(kept.reduce((sum, key) => sum + 10 + keys.indexOf(key), 0))
    expect(loaded.entries.get(keys[3]!)?.kept).toBe(true)
    // The changed file is no longer listed: it goes as an orphan, and the index is rewritten.
    expect(loaded.dirty).toBe(true)
  })
})
