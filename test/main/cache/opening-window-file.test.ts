import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileCatalogueCache } from '../../../electron/main/cache/catalogue-cache'
import { openingWindowOf } from '../../../electron/main/catalogue/items-window'
import { itemMediaUrls } from '../../../electron/main/catalogue/media-urls'
import type { ItemsPayload } from '../../../shared/ipc/contract'
import { makeItem } from '../../support/model-fixtures'

let dataDir: string
let warnings: string[]
let cache: FileCatalogueCache

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-opening-file-'))
  warnings = []
  cache = new FileCatalogueCache({ dataDir, log: { warn: (m) => warnings.push(m) } })
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const at = '2024-05-01T10:00:00.000Z'
const list = (n: number, name = 'Item'): ItemsPayload => ({
  items: Array.from({ length: n }, (_, i) => makeItem(i + 1, { name: `${name} ${i + 1}` })),
  skipped: [],
  listProblem: null
})
const openingOf = (payload: ItemsPayload) => {
  const { window, items } = openingWindowOf(payload)
  return { window, fetchedAt: at, mediaUrls: items.flatMap(itemMediaUrls) }
}
const openingPath = () => join(dataDir, 'cache', 'c1', 'opening-window.json')

describe('the opening window kept beside the list', () => {
  it('is answered while the list it was made from is on disk, and not once the list is replaced', async () => {
    const first = list(30)
    await cache.writeItems('c1', { fetchedAt: at, data: first })
    const opening = openingOf(first)
    await cache.writeOpening('c1', first, opening)
    expect(await cache.readOpening('c1')).toEqual(opening)
    // A fresh process (another cache object) finds it without reading the list.
    const later = new FileCatalogueCache({ dataDir })
    expect(await later.readOpening('c1')).toEqual(opening)

    await cache.writeItems('c1', { fetchedAt: at, data: list(30, 'Renamed') })
    expect(await cache.readOpening('c1')).toBeNull()
    expect(await later.readOpening('c1')).toBeNull()
  })

  it('is made from the list on disk only: a list read before a newer write is not kept', async () => {
    const old = list(5)
    await cache.writeItems('c1', { fetchedAt: at, data: old })
    const read = (await cache.readItems('c1'))!.data
    await cache.writeItems('c1', { fetchedAt: at, data: list(6) })
    await cache.writeOpening('c1', read, openingOf(read))
    await cache.writeOpening('c1', old, openingOf(old))
    expect(await cache.readOpening('c1')).toBeNull()
    // The list as another process reads it back from disk is kept.
    const fresh = new FileCatalogueCache({ dataDir })
    const current = (await fresh.readItems('c1'))!.data
    await fresh.writeOpening('c1', current, openingOf(current))
    expect((await fresh.readOpening('c1'))?.window.total).toBe(6)
  })

  it('a damaged opening file is a miss, removed, and the list stays', async () => {
    const first = list(3)
    await cache.writeItems('c1', { fetchedAt: at, data: first })
    await cache.writeOpening('c1', first, openingOf(first))
    const text = await readFile(openingPath(), 'utf8')
    await writeFile(openingPath(), text.replace('Item 1', 'Item 9'))
    expect(await cache.readOpening('c1')).toBeNull()
    expect(warnings.some((w) => w.includes('opening-window'))).toBe(true)
    await expect(readFile(openingPath())).rejects.toThrow()
    expect((await cache.readItems('c1'))?.data.items).toHaveLength(3)
  })

  it('is not written for a connection removed meanwhile: its folder stays gone', async () => {
    const first = list(3)
    await cache.writeItems('c1', { fetchedAt: at, data: first })
    await cache.forget('c1')
    await cache.writeOpening('c1', first, openingOf(first))
    expect(await readdir(join(dataDir, 'cache'))).not.toContain('c1')
  })
})
