import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { INDEX_FILE, mediaKey } from '../../../electron/main/media/disk-index'
import { MediaDiskStore } from '../../../electron/main/media/disk-store'

const log = { warn: () => {} }
let dir: string
const stores: MediaDiskStore[] = []
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'sd-media-store-')), 'media')
})
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close()
  await rm(join(dir, '..'), { recursive: true, force: true })
})

const indexOnDisk = async (): Promise<string> => readFile(join(dir, INDEX_FILE), 'utf8')

/** The index once it holds `text` (no deadline of its own: the test's timeout is the limit). */
async function indexHolding(text: string): Promise<string> {
  for (;;) {
    const now = await indexOnDisk().catch(() => '')
    if (now.includes(text)) return now
    await sleep(10)
  }
}

/** Saves a change after 5 ms, a last use alone only when something else is saved (or on close). */
const slowToSaveUse = (): MediaDiskStore =>
  new MediaDiskStore({ dir, limitBytes: 1e9, log, flushDelayMs: 5, useFlushDelayMs: 1e9 })

describe('MediaDiskStore saving its index', () => {
  it('saves a file read alone later than a change, and a change brings that save forward', async () => {
    const store = slowToSaveUse()
    stores.push(store)
    const a = mediaKey('https://cdn.example/a.png')
    const b = mediaKey('https://cdn.example/b.png')
    await store.put(a, new Uint8Array(10), 'image/png', false, 1e6)
    const afterPut = await indexHolding(a)

    const used = (await store.get(a))!.lastUsed
    // Twenty times the delay of a change: a last use alone is not saved yet.
    await sleep(100)
    expect(await indexOnDisk()).toBe(afterPut)

    await store.put(b, new Uint8Array(20), 'image/png', false, 1e6)
    expect(await indexHolding(b)).toContain(`"lastUsed":${used}`)
  })

  it('saves a last use on close', async () => {
    const store = slowToSaveUse()
    const a = mediaKey('https://cdn.example/a.png')
    await store.put(a, new Uint8Array(10), 'image/png', false, 1e6)
    await store.flush()
    const used = (await store.get(a))!.lastUsed
    await store.close()
    expect(await indexOnDisk()).toContain(`"lastUsed":${used}`)
  })
})
