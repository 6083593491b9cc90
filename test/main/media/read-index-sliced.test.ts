import * as fs from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { VersionedFile } from '../../../electron/main/cache/versioned-file'
import {
  IndexSchema,
  MEDIA_INDEX_FORMAT,
  mediaKey,
  type MediaIndex
} from '../../../electron/main/media/disk-index'
import { mediaIndexPieces } from '../../../electron/main/media/disk-index-json'
import { readMediaIndexSliced } from '../../../electron/main/media/read-index-sliced'

// Every read is counted: the index must never be read whole, nor in reads of more than a MiB.
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>()
  return { ...real, readFileSync: vi.fn(real.readFileSync), readSync: vi.fn(real.readSync) }
})

const quiet = { warn: () => {} }
const FILE = { kind: 'media-index', format: MEDIA_INDEX_FORMAT }

/** Content types a hostile server could send, each made to look like a boundary or a key. */
const HOSTILE = [
  'image/png',
  `x},"${'a'.repeat(64)}":{"y`,
  '},"',
  'a"b\\c\n\u2028{}[]é😀',
  `"${'0'.repeat(64)}":{`
]

const index = (n: number, limitBytes?: number): MediaIndex => ({
  entries: Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      mediaKey(`https://cdn.example/${i}.png`),
      {
        contentType: HOSTILE[i % HOSTILE.length]!,
        size: i * 10,
        lastUsed: 1_700_000_000_000 + i,
        kept: i % 3 === 0,
        ...(i % 4 === 0 ? {} : { owners: ['c1', `conn "${i}"},"`] })
      }
    ])
  ),
  ...(limitBytes === undefined ? {} : { limitBytes })
})

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sd-media-index-sliced-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Written as the media store writes it. */
async function written(value: MediaIndex): Promise<string> {
  const path = join(dir, 'index.json')
  const file = new VersionedFile('media-index', MEDIA_INDEX_FORMAT, IndexSchema, quiet, {
    pieces: mediaIndexPieces
  })
  await file.writePieces(path, mediaIndexPieces(value))
  return path
}

describe('readMediaIndexSliced', () => {
  it('reads what the store wrote, as the whole read does, across many slices', async () => {
    // About 4 MB: a dozen or more parse steps of 256 KB.
    for (const value of [index(20_000, 5_000_000), index(20_000), index(1), index(0, 7)]) {
      const path = await written(value)
      const sliced = await readMediaIndexSliced(path, FILE)
      expect(sliced).not.toBe('unsigned')
      expect(sliced).not.toBe('missing')
      const whole = await new VersionedFile(
        'media-index',
        MEDIA_INDEX_FORMAT,
        IndexSchema,
        quiet
      ).read(path)
      const read = (sliced as { value: MediaIndex }).value
      expect(read).toEqual(whole)
      expect(read).toEqual(value)
      expect(Object.keys(read.entries)).toEqual(Object.keys(value.entries))
    }
  })

  it('reads the file a MiB at a time, never whole', async () => {
    const path = await written(index(20_000))
    const bytes = (await fs.promises.stat(path)).size
    expect(bytes).toBeGreaterThan(3 * 2 ** 20)
    vi.mocked(fs.readFileSync).mockClear()
    vi.mocked(fs.readSync).mockClear()
    const read = await readMediaIndexSliced(path, FILE)
    expect(Object.keys((read as { value: MediaIndex }).value.entries)).toHaveLength(20_000)
    expect(vi.mocked(fs.readFileSync)).not.toHaveBeenCalled()
    const asked = vi.mocked(fs.readSync).mock.calls.map((call) => (call as unknown[])[3] as number)
    expect(Math.max(...asked)).toBeLessThanOrEqual(2 ** 20)
    // Every byte once (and the closing brace checked on its own).
    expect(asked.reduce((a, b) => a + b, 0)).toBe(bytes)
  })

  it('lets other work run while it reads', async () => {
    const path = await written(index(20_000))
    let readDone = false
    const reading = readMediaIndexSliced(path, FILE).then(() => (readDone = true))
    const ranBeforeTheEnd = await new Promise<boolean>((resolve) =>
      setImmediate(() => resolve(!readDone))
    )
    await reading
    expect(ranBeforeTheEnd).toBe(true)
    expect(readDone).toBe(true)
  })

  it('gives entries with equal owner lists one frozen list', async () => {
    const lists = [['c1'], ['c1', 'c2'], ['["c1","c2"]'], ['c2']]
    const value: MediaIndex = {
      entries: Object.fromEntries(
        Array.from({ length: 20_000 }, (_, i) => [
          mediaKey(`https://cdn.example/${i}.png`),
          {
            contentType: 'image/png',
            size: i,
            lastUsed: i,
            kept: false,
            ...(i % 5 === 4 ? {} : { owners: [...lists[i % 4]!] })
          }
        ])
      )
    }
    const read = (await readMediaIndexSliced(await written(value), FILE)) as { value: MediaIndex }
    expect(read.value).toEqual(value)
    const entries = Object.values(read.value.entries)
    const distinct = new Set(entries.map((e) => e.owners).filter((o) => o !== undefined))
    expect([...distinct].map((o) => [...o])).toEqual(lists)
    expect([...distinct].every((o) => Object.isFrozen(o))).toBe(true)
  })

  it('keeps a key named __proto__ a key', async () => {
    // Not a key the store writes (keys are hashes): a file edited and its sum made again.
    const path = await written(index(2))
    const body = `{"entries":{"__proto__":{"contentType":"x","size":1,"lastUsed":1,"kept":false}}}`
    const text = (await readFile(path, 'utf8')).replace(/"body":.*\}$/s, `"body":${body}}`)
    const { createHash } = await import('node:crypto')
    const sum = createHash('sha256').update(body).digest('base64url')
    await writeFile(path, text.replace(/"sha256":"[^"]+"/, `"sha256":"${sum}"`))
    const read = await readMediaIndexSliced(path, FILE)
    const entries = (read as { value: MediaIndex }).value.entries
    expect(Object.keys(entries)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(entries)).toBe(null)
  })

  it('leaves a missing, damaged or foreign file to the whole read', async () => {
    expect(await readMediaIndexSliced(join(dir, 'none.json'), FILE)).toBe('missing')
    const path = await written(index(50))
    const text = await readFile(path, 'utf8')
    // A byte changed: the sum no longer matches.
    await writeFile(path, text.replace('image/png', 'image/pnG'))
    expect(await readMediaIndexSliced(path, FILE)).toBe('unsigned')
    // Changed in its last MiB, after every earlier entry was parsed: still refused.
    const large = await readFile(await written(index(20_000)), 'utf8')
    const at = large.lastIndexOf('"size":') + '"size":'.length
    await writeFile(path, `${large.slice(0, at)}9${large.slice(at)}`)
    expect(await readMediaIndexSliced(path, FILE)).toBe('unsigned')
    // Cut short.
    await writeFile(path, `${large.slice(0, large.length - 5000)}}`)
    expect(await readMediaIndexSliced(path, FILE)).toBe('unsigned')
    await writeFile(path, JSON.stringify(index(3)))
    expect(await readMediaIndexSliced(path, FILE)).toBe('unsigned')
    await writeFile(path, text)
    expect(await readMediaIndexSliced(path, { ...FILE, kind: 'items' })).toBe('unsigned')
  })
})
