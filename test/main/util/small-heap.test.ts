import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  CATALOGUE_CACHE_FORMAT,
  FileCatalogueCache
} from '../../../electron/main/cache/catalogue-cache'
import { readListSliced } from '../../../electron/main/cache/read-list-sliced'
import { preferSmallHeap } from '../../../electron/main/util/small-heap'
import { makeItem } from '../../support/model-fixtures'
import { filesUnder } from '../../support/files-under'

/** The flags a process that prefers a small heap sets, noted. */
function smallHeapFlags(): string[] {
  const flags: string[] = []
  preferSmallHeap((f) => flags.push(f))
  return flags
}

const SMALL = '--optimize-for-size'

describe('a small heap, kept while the saved list is read', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'small-heap-'))
  })
  afterEach(async () => rm(dataDir, { recursive: true, force: true }))

  it('reads the saved list without giving the heap room to grow', async () => {
    const flags = smallHeapFlags()
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
