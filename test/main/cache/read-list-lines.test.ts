import * as fs from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CATALOGUE_CACHE_FORMAT,
  FileCatalogueCache
} from '../../../electron/main/cache/catalogue-cache'
import { itemsEntrySchema } from '../../../electron/main/cache/list-entry-json'
import { readListSliced } from '../../../electron/main/cache/read-list-sliced'
import { VersionedFile } from '../../../electron/main/cache/versioned-file'
import { makeItem } from '../../support/model-fixtures'

// Every whole-file read the cache makes is counted: the saved list must never be one.
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>()
  return { ...real, readFileSync: vi.fn(real.readFileSync) }
})
const wholeReads = (path: string): number =>
  vi.mocked(fs.readFileSync).mock.calls.filter(([p]) => p === path).length

const FILE = { kind: 'items', format: CATALOGUE_CACHE_FORMAT }
const entry = (items: ReturnType<typeof makeItem>[]) => ({
  fetchedAt: '2026-11-29T08:00:00.000Z',
  data: { items, skipped: [], listProblem: 'empty-or-single' as const }
})
// Over a MiB: read in slices. One item is longer than the read's 1 MiB chunk, and one
// description holds line breaks and what the file's own lines look like.
const ENTRY = entry(
  Array.from({ length: 4_000 }, (_, n) =>
    makeItem(n + 1, {
      description:
        n === 7
          ? `<p>${'x'.repeat(1_500_000)}</p>`
          : n === 8
            ? '<p>one\n],"skipped":[]\n{"id":1},</p>'
            : `<p>${'A description. '.repeat(10)}${n}</p>`
    })
  )
)

let dir: string
let path: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-lines-'))
  path = join(dir, 'cache', 'shop', 'items.json')
  vi.mocked(fs.readFileSync).mockClear()
})
afterEach(async () => rm(dir, { recursive: true, force: true }))

describe('the saved list read a line at a time', () => {
  it('is the list that was written, without the file ever read whole', async () => {
    await new FileCatalogueCache({ dataDir: dir }).writeItems('shop', ENTRY)
    expect((await readFile(path)).byteLength).toBeGreaterThan(2 * 1024 * 1024)
    expect(await readListSliced(path, FILE)).toEqual({ value: ENTRY })
    expect(await new FileCatalogueCache({ dataDir: dir }).readItems('shop')).toEqual(ENTRY)
    expect(wholeReads(path)).toBe(0)
  })

  it('reads a list saved before the layout (one long line) whole, as then', async () => {
    await new FileCatalogueCache({ dataDir: dir }).writeItems('shop', entry([]))
    const before = new VersionedFile('items', CATALOGUE_CACHE_FORMAT, itemsEntrySchema, {
      warn: () => {}
    })
    await before.write(path, ENTRY)
    expect((await readFile(path, 'latin1')).includes('\n')).toBe(false)
    expect(await readListSliced(path, FILE)).toEqual({ value: ENTRY })
    expect(wholeReads(path)).toBe(1)
  })

  it('leaves a file whose sum or lines are not as written to the whole read, which judges it', async () => {
    await new FileCatalogueCache({ dataDir: dir }).writeItems('shop', ENTRY)
    const good = await readFile(path)
    // A byte changed deep in the file: the sum no longer matches.
    const changed = Buffer.from(good)
    changed[changed.length - 5_000] = 0x31
    await writeFile(path, changed)
    expect(await readListSliced(path, FILE)).toBe('unsigned')
    // Cut short, without its closing brace.
    await writeFile(path, good.subarray(0, good.length - 10))
    expect(await readListSliced(path, FILE)).toBe('unsigned')
    const warnings: string[] = []
    const cache = new FileCatalogueCache({ dataDir: dir, log: { warn: (m) => warnings.push(m) } })
    expect(await cache.readItems('shop')).toBeNull()
    expect(warnings).toEqual([expect.stringMatching(/discarding items file/)])
  })
})
