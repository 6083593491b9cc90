import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  CATALOGUE_CACHE_FORMAT,
  FileCatalogueCache
} from '../../../../electron/main/cache/catalogue-cache'
import { readListOffMain } from '../../../../electron/main/marketplace/items-worker/read-list-off-main'
import { itemsWorkerScript } from '../../../../electron/main/marketplace/items-worker/script'
import { makeItem } from '../../../support/model-fixtures'
import { foregroundRequest, refreshSlices } from '../../../../electron/main/util/time-slices'
import { filesUnder } from '../../../support/files-under'
import { countingJsonParse } from '../../../support/json-parse-count'

const script = itemsWorkerScript()!
const FILE = { kind: 'items', format: CATALOGUE_CACHE_FORMAT }
// 2,500 items with long descriptions: over 1 MiB, read on the thread when told to.
const ITEMS = Array.from({ length: 2_500 }, (_, n) =>
  makeItem(n + 1, { description: `<p>${'A long description. '.repeat(20)}${n}</p>` })
)
const ENTRY = {
  fetchedAt: '2026-11-27T20:00:00.000Z',
  data: { items: ITEMS, skipped: [], listProblem: null }
}

let dataDir: string
let listFile: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'list-thread-'))
  await new FileCatalogueCache({ dataDir }).writeItems('shop', ENTRY)
  listFile = (await filesUnder(dataDir)).find((f) => f.path.endsWith('items.json'))!.path
})
afterEach(async () => rm(dataDir, { recursive: true, force: true }))

describe('the saved list read on the list thread', () => {
  it('is the list that was written, items and all', async () => {
    expect((await readFile(listFile)).byteLength).toBeGreaterThan(1024 * 1024)
    expect(await readListOffMain(listFile, FILE, script)).toEqual({ value: ENTRY })
  })

  it('leaves a damaged file, another kind or format to main, and says when there is none', async () => {
    expect(await readListOffMain(listFile, { ...FILE, kind: 'account' }, script)).toBe('unsigned')
    expect(await readListOffMain(listFile, { ...FILE, format: 99 }, script)).toBe('unsigned')
    const bytes = await readFile(listFile)
    bytes[bytes.length - 100] = bytes[bytes.length - 100] === 0x31 ? 0x32 : 0x31
    await writeFile(listFile, bytes)
    expect(await readListOffMain(listFile, FILE, script)).toBe('unsigned')
    expect(await readListOffMain(join(dataDir, 'none.json'), FILE, script)).toBe('missing')
  })

  it('takes its batches while the seller types: a request waits for it, not the other way round', async () => {
    let typing = true
    const type = (): void => {
      if (!typing) return
      foregroundRequest()
      setImmediate(type)
    }
    type()
    const order: string[] = []
    // The same read as a refresh's background work, started first: it holds back each turn.
    const held = readListOffMain(listFile, FILE, script, { slices: refreshSlices() }).then(() =>
      order.push('as background work')
    )
    await readListOffMain(listFile, FILE, script).then(() => order.push('as asked'))
    typing = false
    await held
    expect(order).toEqual(['as asked', 'as background work'])
  })

  it('ends on a cancel with its reason', async () => {
    const controller = new AbortController()
    const reason = new Error('closing')
    controller.abort(reason)
    await expect(
      readListOffMain(listFile, FILE, script, { signal: controller.signal })
    ).rejects.toBe(reason)
  })
})

describe('the catalogue cache with the list thread', () => {
  it('reads a large saved list without parsing it in main, and the same list as without', async () => {
    const { result: read, parses } = await countingJsonParse(() =>
      new FileCatalogueCache({ dataDir, listThread: script, listThreadMinBytes: 0 }).readItems(
        'shop'
      )
    )
    expect(parses).toBe(0)
    expect(read).toEqual(await new FileCatalogueCache({ dataDir }).readItems('shop'))
    expect(read).toEqual(ENTRY)
  })

  it('reads a list under the threshold in main, as before', async () => {
    const { result, parses } = await countingJsonParse(() =>
      new FileCatalogueCache({ dataDir, listThread: script }).readItems('shop')
    )
    expect(parses).toBe(1)
    expect(result).toEqual(ENTRY)
  })

  it('reads a damaged large list as before: discarded, with a warning', async () => {
    const bytes = await readFile(listFile)
    bytes[bytes.length - 100] = 0x7b
    await writeFile(listFile, bytes)
    const warnings: string[] = []
    const cache = new FileCatalogueCache({
      dataDir,
      listThread: script,
      listThreadMinBytes: 0,
      log: { warn: (m) => warnings.push(m) }
    })
    expect(await cache.readItems('shop')).toBeNull()
    expect(warnings).toEqual([expect.stringMatching(/discarding items file/)])
  })
})
