import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  CATALOGUE_CACHE_FORMAT,
  FileCatalogueCache
} from '../../../electron/main/cache/catalogue-cache'
import { readListSliced } from '../../../electron/main/cache/read-list-sliced'
import { makeItem } from '../../support/model-fixtures'
import { filesUnder } from '../../support/files-under'
import { countingCalls } from '../../support/counting-calls'

const FILE = { kind: 'items', format: CATALOGUE_CACHE_FORMAT }
// 10,000 items with long descriptions: about 5 MiB, read in slices. Large enough that the
// read takes several 8 ms slices on a fast machine too (2,500 items took only two there).
const ITEMS = Array.from({ length: 10_000 }, (_, n) =>
  makeItem(n + 1, { description: `<p>${'A long description. '.repeat(20)}${n}</p>` })
)
const ENTRY = {
  fetchedAt: '2026-11-27T20:00:00.000Z',
  data: {
    items: ITEMS,
    skipped: [{ index: 3, field: 'items[3].id', message: 'bad id' }],
    listProblem: null
  }
}

let dataDir: string
let listFile: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'list-sliced-'))
  await new FileCatalogueCache({ dataDir }).writeItems('shop', ENTRY)
  listFile = (await filesUnder(dataDir)).find((f) => f.path.endsWith('items.json'))!.path
})
afterEach(async () => rm(dataDir, { recursive: true, force: true }))

const damage = async (at: number, byte: number): Promise<void> => {
  const bytes = await readFile(listFile)
  bytes[bytes.length - at] = byte
  await writeFile(listFile, bytes)
}

describe('the saved list read in time slices', () => {
  it('is the list that was written, items and all', async () => {
    expect((await readFile(listFile)).byteLength).toBeGreaterThan(1024 * 1024)
    expect(await readListSliced(listFile, FILE)).toEqual({ value: ENTRY })
  })

  it('lets the event loop turn between its slices', async () => {
    let turns = 0
    let reading = true
    const tick = (): void => {
      if (!reading) return
      turns++
      setImmediate(tick)
    }
    setImmediate(tick)
    await readListSliced(listFile, FILE)
    reading = false
    // In main in one turn, nothing queued ran until it was done (0 turns).
    expect(turns).toBeGreaterThanOrEqual(3)
  })

  it('leaves a damaged file, another kind or format to main, and says when there is none', async () => {
    expect(await readListSliced(listFile, { ...FILE, kind: 'account' })).toBe('unsigned')
    expect(await readListSliced(listFile, { ...FILE, format: 99 })).toBe('unsigned')
    expect(await readListSliced(join(dataDir, 'none.json'), FILE)).toBe('missing')
    await damage(100, 0x31)
    expect(await readListSliced(listFile, FILE)).toBe('unsigned')
  })
})

describe('the catalogue cache reading a large list', () => {
  it('parses it item by item, never whole, to the same list as a whole read', async () => {
    const { result, calls: parses } = await countingCalls(JSON, 'parse', () =>
      new FileCatalogueCache({ dataDir }).readItems('shop')
    )
    // One JSON.parse per item (and the scan's few), none of the whole file.
    expect(parses).toBeGreaterThanOrEqual(ITEMS.length)
    expect(parses).toBeLessThan(ITEMS.length + 10)
    expect(result).toEqual(ENTRY)
    const whole = new FileCatalogueCache({ dataDir, listSlicedMinBytes: Infinity })
    expect(await whole.readItems('shop')).toEqual(ENTRY)
  })

  it('reads a list under the threshold whole, as before', async () => {
    const { result, calls: parses } = await countingCalls(JSON, 'parse', () =>
      new FileCatalogueCache({ dataDir, listSlicedMinBytes: Infinity }).readItems('shop')
    )
    expect(parses).toBe(1)
    expect(result).toEqual(ENTRY)
  })

  it('reads a damaged large list as before: discarded, with a warning', async () => {
    await damage(100, 0x7b)
    const warnings: string[] = []
    const cache = new FileCatalogueCache({ dataDir, log: { warn: (m) => warnings.push(m) } })
    expect(await cache.readItems('shop')).toBeNull()
    expect(warnings).toEqual([expect.stringMatching(/discarding items file/)])
  })
})
