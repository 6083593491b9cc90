import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeItem } from '../../support/model-fixtures'
import { filesUnder } from '../../support/files-under'

type SmallHeap = typeof import('../../../electron/main/util/small-heap')

/** A fresh copy of the module (its state is the process's), with the flags it sets noted. */
async function freshHeap(): Promise<{ heap: SmallHeap; flags: string[] }> {
  vi.resetModules()
  const heap = await import('../../../electron/main/util/small-heap')
  const flags: string[] = []
  heap.preferSmallHeap((f) => flags.push(f))
  return { heap, flags }
}

const SMALL = '--optimize-for-size'

describe('a small heap, kept while the saved list is read', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'small-heap-'))
  })
  afterEach(async () => rm(dataDir, { recursive: true, force: true }))

  it('reads the saved list without giving the heap room to grow', async () => {
    const { flags } = await freshHeap()
    // Imported after the reset, so it shares the fresh module's state.
    const { FileCatalogueCache, CATALOGUE_CACHE_FORMAT } =
      await import('../../../electron/main/cache/catalogue-cache')
    const { readListSliced } = await import('../../../electron/main/cache/read-list-sliced')
    const items = Array.from({ length: 3_000 }, (_, n) => makeItem(n + 1))
    const entry = {
      fetchedAt: '2026-11-28T21:00:00.000Z',
      data: { items, skipped: [], listProblem: null }
    }
    await new FileCatalogueCache({ dataDir }).writeItems('shop', entry)
    const file = (await filesUnder(dataDir)).find((f) => f.path.endsWith('items.json'))!.path
    expect(flags).toEqual([SMALL])

    // What the flags say while the read's slices let the loop turn.
    const during: string[] = []
    let reading = true
    const look = (): void => {
      if (!reading) return
      during.push(flags.at(-1)!)
      setImmediate(look)
    }
    setImmediate(look)
    const read = await readListSliced(file, { kind: 'items', format: CATALOGUE_CACHE_FORMAT })
    reading = false

    expect(read).toEqual({ value: entry })
    expect(during.length).toBeGreaterThan(0)
    // Room to grow left V8's limit high after the read, and garbage piled up to it.
    expect(new Set(during)).toEqual(new Set([SMALL]))
    expect(flags).toEqual([SMALL])
  })
})
