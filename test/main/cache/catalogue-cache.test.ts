import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildNodeBundle } from '../../../electron/tools/host-bundle'
import {
  CATALOGUE_CACHE_FORMAT,
  FileCatalogueCache
} from '../../../electron/main/cache/catalogue-cache'
import { makeAccount, makeItem } from '../../support/model-fixtures'

let dataDir: string
let warnings: string[]
let cache: FileCatalogueCache

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-cache-'))
  warnings = []
  cache = new FileCatalogueCache({ dataDir, log: { warn: (m) => warnings.push(m) } })
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const at = '2024-05-01T10:00:00.000Z'
const itemsPayload = (n: number) => ({
  items: Array.from({ length: n }, (_, i) => makeItem(i + 1)),
  skipped: [],
  listProblem: null
})

describe('FileCatalogueCache', () => {
  it('reads back what it wrote, per connection, with fetchedAt', async () => {
    expect(await cache.readAccount('a')).toBeNull()
    expect(await cache.readItems('a')).toBeNull()
    expect(await cache.readItem('a', 3)).toBeNull()
    expect(await cache.knownItemIds('a')).toEqual([])

    await cache.writeAccount('a', { fetchedAt: at, data: makeAccount() })
    await cache.writeItems('a', { fetchedAt: at, data: itemsPayload(3) })
    await cache.writeItem('a', { fetchedAt: at, data: makeItem(3, { name: 'Three' }) })
    await cache.rememberItemIds('a', [5, 3])
    await cache.rememberItemIds('a', [3, 9])

    expect(await cache.readAccount('a')).toEqual({ fetchedAt: at, data: makeAccount() })
    expect((await cache.readItems('a'))?.data.items.map((i) => i.id)).toEqual([1, 2, 3])
    expect(await cache.readItem('a', 3)).toEqual({
      fetchedAt: at,
      data: makeItem(3, { name: 'Three' })
    })
    expect(await cache.knownItemIds('a')).toEqual([5, 3, 9])
    // Another connection sees none of it.
    expect(await cache.readAccount('b')).toBeNull()
    expect(await cache.knownItemIds('b')).toEqual([])
    expect(warnings).toEqual([])
  })

  it('keeps every id when many are remembered at once (no lost update)', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => cache.rememberItemIds('a', [i + 1])))
    expect((await cache.knownItemIds('a')).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1)
    )
  })

  it('treats a corrupt file as a miss, logs it and removes it', async () => {
    await cache.writeAccount('a', { fetchedAt: at, data: makeAccount() })
    const path = join(dataDir, 'cache', 'a', 'account.json')
    const text = await readFile(path, 'utf8')
    await writeFile(path, text.slice(0, text.length / 2))
    expect(await cache.readAccount('a')).toBeNull()
    expect(warnings.join('\n')).toMatch(/discarding account file: not valid JSON/)
    await expect(readFile(path)).rejects.toMatchObject({ code: 'ENOENT' })
    // And the next write works again.
    await cache.writeAccount('a', { fetchedAt: at, data: makeAccount() })
    expect(await cache.readAccount('a')).not.toBeNull()
  })

  it('treats an old-version file, a file without header and a wrong shape as misses', async () => {
    await cache.writeItems('a', { fetchedAt: at, data: itemsPayload(2) })
    const path = join(dataDir, 'cache', 'a', 'items.json')
    const stored = JSON.parse(await readFile(path, 'utf8')) as { format: number; body: unknown }
    expect(stored.format).toBe(CATALOGUE_CACHE_FORMAT)

    await writeFile(path, JSON.stringify({ ...stored, format: CATALOGUE_CACHE_FORMAT - 1 }))
    expect(await cache.readItems('a')).toBeNull()
    expect(warnings.at(-1)).toMatch(/discarding items file: format 0/)

    await writeFile(path, JSON.stringify(stored.body))
    expect(await cache.readItems('a')).toBeNull()
    expect(warnings.at(-1)).toMatch(/no format header/)

    await writeFile(
      path,
      JSON.stringify({
        format: CATALOGUE_CACHE_FORMAT,
        kind: 'items',
        body: { fetchedAt: at, data: { items: 'nope' } }
      })
    )
    expect(await cache.readItems('a')).toBeNull()
    expect(warnings.at(-1)).toMatch(/unexpected content at data.items/)

    await writeFile(path, '')
    expect(await cache.readItems('a')).toBeNull()
    expect(warnings).toHaveLength(4)
  })

  it('reads its own signed file without re-checking it, and refuses one whose bytes changed', async () => {
    await cache.writeItems('a', { fetchedAt: at, data: itemsPayload(3) })
    const path = join(dataDir, 'cache', 'a', 'items.json')
    const text = await readFile(path, 'utf8')
    expect(text).toMatch(/^\{"format":\d+,"kind":"items","sha256":"[A-Za-z0-9_-]{43}","body":/)
    expect((await cache.readItems('a'))?.data.items.map((i) => i.name)).toEqual(
      itemsPayload(3).items.map((i) => i.name)
    )

    // Still valid JSON of the right shape, but not what was written: damaged, not trusted.
    const name = itemsPayload(3).items[1]!.name
    await writeFile(path, text.replace(name, `${name.slice(0, -1)}#`))
    expect(await cache.readItems('a')).toBeNull()
    expect(warnings.at(-1)).toMatch(/discarding items file: its checksum does not match/)
    await expect(readFile(path)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('answers the item list it already holds while the file is unchanged, and re-reads a changed one', async () => {
    await cache.writeItems('a', { fetchedAt: at, data: itemsPayload(3) })
    const first = await cache.readItems('a')
    expect(await cache.readItems('a')).toBe(first)
    // A fresh instance (a restart) reads the same from disk.
    expect(await new FileCatalogueCache({ dataDir }).readItems('a')).toEqual(first)

    await new FileCatalogueCache({ dataDir }).writeItems('a', {
      fetchedAt: at,
      data: itemsPayload(4)
    })
    expect((await cache.readItems('a'))?.data.items).toHaveLength(4)
    await cache.clear()
    expect(await cache.readItems('a')).toBeNull()
  })

  it('lets go of the item list it holds when told: still answered while held elsewhere, read from disk once changed', async () => {
    const written = { fetchedAt: at, data: itemsPayload(3) }
    await cache.writeItems('a', written)
    // The list it was given stands for the file it wrote.
    expect(await cache.readItems('a')).toBe(written)
    cache.releaseItems('a')
    // Held weakly now: this test still holds it, so it is not parsed again.
    expect(await cache.readItems('a')).toBe(written)
    cache.releaseItems('a')
    await new FileCatalogueCache({ dataDir }).writeItems('a', {
      fetchedAt: at,
      data: itemsPayload(4)
    })
    const again = await cache.readItems('a')
    expect(again?.data.items).toHaveLength(4)
    expect(await cache.readItems('a')).toBe(again)
  })

  it('keeps connection ids from steering paths', async () => {
    await cache.writeAccount('../../escape', { fetchedAt: at, data: makeAccount() })
    expect(await readdir(join(dataDir, 'cache'))).toEqual([
      expect.stringMatching(/^h-[0-9a-f]{32}$/)
    ])
    expect(await cache.readAccount('../../escape')).not.toBeNull()
  })

  it('forget removes a connection; clear keeps learnt item ids only', async () => {
    await cache.writeAccount('a', { fetchedAt: at, data: makeAccount() })
    await cache.writeItem('a', { fetchedAt: at, data: makeItem(1) })
    await cache.rememberItemIds('a', [1])
    await cache.writeAccount('b', { fetchedAt: at, data: makeAccount() })
    expect((await cache.totals()).files).toBe(4)

    await cache.clear()
    expect(await cache.readAccount('a')).toBeNull()
    expect(await cache.readItem('a', 1)).toBeNull()
    expect(await cache.knownItemIds('a')).toEqual([1])
    expect(await cache.readAccount('b')).toBeNull()

    await cache.forget('a')
    expect(await cache.knownItemIds('a')).toEqual([])
    await cache.writeAccount('a', { fetchedAt: at, data: makeAccount() })
    expect(await cache.readAccount('a')).not.toBeNull()
  })

  it('calls onItemsWritten with the stored items', async () => {
    const seen: number[][] = []
    const withHook = new FileCatalogueCache({
      dataDir,
      onItemsWritten: (_c, items) => seen.push(items.map((i) => i.id))
    })
    await withHook.writeItems('a', { fetchedAt: at, data: itemsPayload(2) })
    expect(seen).toEqual([[1, 2]])
  })
})

describe('FileCatalogueCache survives a process killed mid-write', () => {
  // The writer bundled once into plain JavaScript: 30 launches through tsx's loader cost
  // most of this test's time, and a kill lands on the same cache code either way.
  let bundleDir: string
  let writer: string
  beforeAll(async () => {
    bundleDir = await mkdtemp(join(tmpdir(), 'sd-cache-writer-'))
    await buildNodeBundle({ 'cache-writer': join(__dirname, 'cache-writer.ts') }, bundleDir)
    writer = join(bundleDir, 'cache-writer.mjs')
  }, 60_000)
  afterAll(() => rm(bundleDir, { recursive: true, force: true }))

  /** Starts the writer, waits for `after` completed generations plus a random moment, SIGKILLs it. */
  function runAndKill(first: number, after: number): Promise<number> {
    return new Promise((resolve, reject) => {
      // Plain `node` on the bundle: a CLI wrapper (tsx) would run the script in a grandchild
      // that a SIGKILL to the wrapper would leave running.
      const child = spawn(process.execPath, [writer, dataDir, String(first)], {
        stdio: ['ignore', 'pipe', 'pipe']
      })
      let lastDone = first - 1
      let buffered = ''
      let stderr = ''
      let killScheduled = false
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      child.stdout.on('data', (d: Buffer) => {
        buffered += d.toString()
        const lines = buffered.split('\n')
        buffered = lines.pop() ?? ''
        for (const line of lines) {
          const m = /^done (\d+)$/.exec(line)
          if (m) lastDone = Number(m[1])
        }
        if (!killScheduled && lastDone >= first - 1 + after) {
          killScheduled = true
          setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 40))
        }
      })
      child.on('error', reject)
      child.on('close', (_code, signal) => {
        if (signal !== 'SIGKILL')
          reject(new Error(`writer ended on its own: ${stderr.slice(0, 500)}`))
        else resolve(lastDone)
      })
    })
  }

  it(
    'reads back the old or the new complete entry after 30 kills',
    { timeout: 240_000 },
    async () => {
      let generation = 1
      const outcomes = { old: 0, new: 0 }
      for (let round = 0; round < 30; round++) {
        const lastReported = await runAndKill(generation, 1 + (round % 3))
        const reader = new FileCatalogueCache({ dataDir, log: { warn: (m) => warnings.push(m) } })
        const entry = await reader.readItems('conn-1')
        expect(entry, `round ${round}`).not.toBeNull()
        const names = new Set(entry!.data.items.map((i) => i.name))
        expect(names.size).toBe(1)
        expect(entry!.data.items).toHaveLength(400)
        const seen = Number([...names][0]!.replace('gen-', ''))
        // Either the last generation it reported, or the one it finished but had not yet reported.
        expect([lastReported, lastReported + 1]).toContain(seen)
        outcomes[seen === lastReported ? 'old' : 'new']++
        generation = seen + 1
      }
      expect(warnings).toEqual([])
      expect(outcomes.old + outcomes.new).toBe(30)
    }
  )
})
