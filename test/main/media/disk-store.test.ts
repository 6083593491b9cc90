import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
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

  describe('last uses, while media is in use and after', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    /** A save started by a timer, if any, has ended. */
    const settled = (store: MediaDiskStore): Promise<void> =>
      (store as unknown as { flushing: Promise<void> }).flushing

    async function storeWithOne(): Promise<{ store: MediaDiskStore; key: string; saved: string }> {
      const store = new MediaDiskStore({
        dir,
        limitBytes: 1e9,
        log,
        flushDelayMs: 5,
        useFlushDelayMs: 30_000,
        useFlushMaxMs: 300_000
      })
      stores.push(store)
      const key = mediaKey('https://cdn.example/a.png')
      await store.put(key, new Uint8Array(10), 'image/png', false, 1e6)
      await store.flush()
      // Timers faked from here: the store's saves run only when the test moves the clock.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
      return { store, key, saved: await indexOnDisk() }
    }

    it('saves them once media has gone unused for a quiet spell, not while it is used', async () => {
      const { store, key, saved } = await storeWithOne()
      let used = 0
      // A minute of a seller scrolling: a picture every second.
      for (let s = 0; s < 60; s++) {
        used = (await store.get(key))!.lastUsed
        vi.advanceTimersByTime(1_000)
        await settled(store)
      }
      expect(await indexOnDisk()).toBe(saved)
      vi.advanceTimersByTime(28_000)
      await settled(store)
      expect(await indexOnDisk()).toBe(saved)
      vi.advanceTimersByTime(2_000)
      await settled(store)
      expect(await indexOnDisk()).toContain(`"lastUsed":${used}`)
    })

    it('saves them by the longest wait when media is never left unused', async () => {
      const { store, key, saved } = await storeWithOne()
      const first = (await store.get(key))!.lastUsed
      for (let s = 1; s < 299; s++) {
        vi.advanceTimersByTime(1_000)
        await store.get(key)
        await settled(store)
      }
      expect(await indexOnDisk()).toBe(saved)
      vi.advanceTimersByTime(2_000)
      await settled(store)
      const now = await indexOnDisk()
      expect(now).not.toBe(saved)
      expect(now).not.toContain(`"lastUsed":${first}`)
    })
  })
})
