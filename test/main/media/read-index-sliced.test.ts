import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VersionedFile } from '../../../electron/main/cache/versioned-file'
import {
  IndexSchema,
  MEDIA_INDEX_FORMAT,
  mediaKey,
  type MediaIndex
} from '../../../electron/main/media/disk-index'
import { mediaIndexPieces } from '../../../electron/main/media/disk-index-json'
import { readMediaIndexSliced } from '../../../electron/main/media/read-index-sliced'

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
    await writeFile(path, JSON.stringify(index(3)))
    expect(await readMediaIndexSliced(path, FILE)).toBe('unsigned')
    await writeFile(path, text)
    expect(await readMediaIndexSliced(path, { ...FILE, kind: 'items' })).toBe('unsigned')
  })
})
