import { mkdir, mkdtemp, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VersionedFile } from '../../../electron/main/cache/versioned-file'
import { loadMediaDir } from '../../../electron/main/media/disk-load'
import { IndexSchema, MEDIA_INDEX_FORMAT, mediaKey } from '../../../electron/main/media/disk-index'
import { MediaDiskStore } from '../../../electron/main/media/disk-store'
import { FOREGROUND_MAX_HOLD_MS, foregroundRequest } from '../../../electron/main/util/time-slices'

const log = { warn: () => {} }
let dir: string
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'sd-media-load-')), 'media')
})
afterEach(async () => {
  await rm(join(dir, '..'), { recursive: true, force: true })
})

describe('loadMediaDir', () => {
  it('opens a store of many files from one listing: old temp files swept, the rest loaded', async () => {
    // Past the index's slice of 256 KB, so its read takes several turns.
    const keys = Array.from({ length: 3_000 }, (_, n) => mediaKey(`https://cdn.example/${n}.png`))
    const store = new MediaDiskStore({ dir, limitBytes: 1e9, log })
    for (const key of keys) await store.put(key, new Uint8Array(4), 'image/png', false, 1e6)
    await store.close()
    const old = join(dir, '.index.json.interrupted.tmp')
    const young = join(dir, '.index.json.writing.tmp')
    await writeFile(old, 'x')
    await writeFile(young, 'x')
    const twoMinutesAgo = new Date(Date.now() - 120_000)
    await utimes(old, twoMinutesAgo, twoMinutesAgo)

    const again = new MediaDiskStore({ dir, limitBytes: 1e9, log })
    await again.open()
    expect(again.stats()).toEqual({ bytes: 4 * keys.length, files: keys.length })
    expect(keys.every((key) => again.has(key))).toBe(true)
    await expect(stat(old)).rejects.toThrow()
    expect((await stat(young)).isFile()).toBe(true)
    await again.close()
  })

  it('keeps the index order, drops an entry whose file is gone, and leaves sizes to serving', async () => {
    const count = 53
    const keys = Array.from({ length: count }, (_, n) => mediaKey(`https://cdn.example/${n}.png`))
    const store = new MediaDiskStore({ dir, limitBytes: 1e9, log })
    for (const [n, key] of keys.entries())
      await store.put(key, new Uint8Array(10 + n), 'image/png', n === 3, 1e6)
    await store.close()
    await truncate(store.pathOf(keys[7]!), 2)
    await rm(store.pathOf(keys[count - 1]!))

    const index = new VersionedFile('media-index', MEDIA_INDEX_FORMAT, IndexSchema, log)
    const loaded = await loadMediaDir(dir, index, log)
    // The changed file stays listed at open (no stat per file); serving it finds it out.
    const kept = keys.filter((_, n) => n !== count - 1)
    expect([...loaded.entries.keys()]).toEqual(kept)
    expect(loaded.entries.get(keys[7]!)?.size).toBe(17)
    expect(loaded.total).toBe(kept.reduce((sum, key) => sum + 10 + keys.indexOf(key), 0))
    expect(loaded.entries.get(keys[3]!)?.kept).toBe(true)
    // The missing file's entry is gone, so the index is written again.
    expect(loaded.dirty).toBe(true)
  })

  it('an index that names every file on disk is not rewritten', async () => {
    const store = new MediaDiskStore({ dir, limitBytes: 1e9, log })
    await store.put(
      mediaKey('https://cdn.example/a.png'),
      new Uint8Array(5),
      'image/png',
      false,
      1e6
    )
    await store.close()
    const index = new VersionedFile('media-index', MEDIA_INDEX_FORMAT, IndexSchema, log)
    const loaded = await loadMediaDir(dir, index, log)
    expect(loaded.entries.size).toBe(1)
    expect(loaded.dirty).toBe(false)
  })

  it('checks the files kept offline at open: a damaged one is no longer called kept', async () => {
    const keys = [1, 2].map((n) => mediaKey(`https://cdn.example/kept-${n}.mp4`))
    const store = new MediaDiskStore({ dir, limitBytes: 1e9, log })
    for (const key of keys) await store.put(key, new Uint8Array(50), 'video/mp4', true, 1e6)
    await store.close()
    await truncate(store.pathOf(keys[0]!), 10)

    const index = new VersionedFile('media-index', MEDIA_INDEX_FORMAT, IndexSchema, log)
    const loaded = await loadMediaDir(dir, index, log)
    expect([...loaded.entries.keys()]).toEqual([keys[1]])
    expect(loaded.dirty).toBe(true)
  })

  it('opens a large index with shared owner lists that the store still changes', async () => {
    // Over a MiB of index: read in slices, where equal owner lists become one.
    const keys = Array.from({ length: 8_000 }, (_, n) => mediaKey(`https://cdn.example/${n}.png`))
    const owners = (n: number): string[] => (n % 2 === 0 ? ['c1'] : ['c1', 'c2'])
    const entries = Object.fromEntries(
      keys.map((key, n) => [
        key,
        { contentType: 'image/png', size: 1, lastUsed: n, kept: false, owners: owners(n) }
      ])
    )
    await mkdir(dir, { recursive: true })
    for (let n = 0; n < keys.length; n += 500)
      await Promise.all(
        keys.slice(n, n + 500).map((key) => writeFile(join(dir, `${key}.bin`), 'x'))
      )
    const index = new VersionedFile('media-index', MEDIA_INDEX_FORMAT, IndexSchema, log)
    await index.write(join(dir, 'index.json'), { entries })
    expect((await stat(join(dir, 'index.json'))).size).toBeGreaterThan(1024 * 1024)

    const store = new MediaDiskStore({ dir, limitBytes: 1e9, log })
    await store.open()
    expect((await store.peek(keys[1]!))?.owners).toBe((await store.peek(keys[3]!))?.owners)
    store.addOwners(keys[0]!, ['c3'])
    // c2 owns no file alone: every list it was on loses it, and nothing is removed.
    expect(await store.forgetOwner('c2')).toBe(0)
    expect((await store.peek(keys[0]!))?.owners).toEqual(['c1', 'c3'])
    expect((await store.peek(keys[1]!))?.owners).toEqual(['c1'])
    expect((await store.peek(keys[2]!))?.owners).toEqual(['c1'])
    await store.close()
    const again = new MediaDiskStore({ dir, limitBytes: 1e9, log })
    await again.open()
    expect(again.stats().files).toBe(keys.length)
    expect((await again.peek(keys[0]!))?.owners).toEqual(['c1', 'c3'])
    expect((await again.peek(keys[3]!))?.owners).toEqual(['c1'])
    await again.close()
  })

  it("holds back while the seller's request is answered", async () => {
    // 30,000 entries whose files are gone: the walk over them takes many slices.
    const entries = Object.fromEntries(
      Array.from({ length: 30_000 }, (_, n) => [
        mediaKey(`https://cdn.example/${n}.png`),
        { contentType: 'image/png', size: 10, lastUsed: n, kept: false }
      ])
    )
    const index = new VersionedFile('media-index', MEDIA_INDEX_FORMAT, IndexSchema, log)
    await mkdir(dir, { recursive: true })
    await index.write(join(dir, 'index.json'), { entries })

    // The seller asks as the walk over the entries starts, and is not answered before the
    // walk is over: it must wait for the most a request holds background work back.
    const order: string[] = []
    let answered = (): void => {}
    const read = index.read.bind(index)
    index.read = async (path) => {
      const value = await read(path)
      answered = foregroundRequest()
      setTimeout(() => order.push('most of the hold passed'), FOREGROUND_MAX_HOLD_MS - 100)
      return value
    }
    const loaded = await loadMediaDir(dir, index, log)
    order.push('folder read')
    answered()
    expect(order).toEqual(['most of the hold passed', 'folder read'])
    expect(loaded.entries.size).toBe(0)
    expect(loaded.dirty).toBe(true)
  })
})
