import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VersionedFile } from '../../../electron/main/cache/versioned-file'
import { IndexSchema, mediaKey, type MediaIndex } from '../../../electron/main/media/disk-index'
import { mediaIndexPieces, mediaIndexPiecesOf } from '../../../electron/main/media/disk-index-json'

const joined = (index: MediaIndex): string => [...mediaIndexPieces(index).pieces].join('')
const whole = (index: MediaIndex): string => JSON.stringify(IndexSchema.parse(index))

const index = (n: number, limitBytes?: number): MediaIndex => ({
  entries: Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      mediaKey(`https://cdn.example/${i}.png`),
      {
        contentType: i % 2 === 0 ? 'image/png' : 'image/jpeg',
        size: i * 10,
        lastUsed: 1_700_000_000_000 + i,
        kept: i % 3 === 0,
        ...(i % 4 === 0 ? {} : { owners: ['c1', `conn ${i}`] })
      }
    ])
  ),
  ...(limitBytes === undefined ? {} : { limitBytes })
})

const key = mediaKey('x')

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sd-media-index-json-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('mediaIndexPieces', () => {
  it('is the JSON of the whole index as the schema outputs it, entry by entry', () => {
    for (const i of [index(0), index(1), index(7), index(7, 5_000_000), index(0, 1)])
      expect(joined(i)).toBe(whole(i))
  })

  it('keeps entries in their order and fields in the schema order', () => {
    const i: MediaIndex = {
      entries: {
        [mediaKey('b')]: { owners: ['o'], kept: false, lastUsed: 2, size: 1, contentType: 'a/b' },
        [mediaKey('a')]: { kept: true, lastUsed: 1, size: 0, contentType: 'c/d' }
      }
    }
    expect(joined(i)).toBe(whole(i))
    expect(joined(i).indexOf(mediaKey('b'))).toBeLessThan(joined(i).indexOf(mediaKey('a')))
  })

  it('writes hostile strings as JSON does', () => {
    const contentType = 'a"b\\c\n\u2028</script>\u0000é😀\ud800'
    const i: MediaIndex = {
      entries: {
        [key]: { contentType, size: 1, lastUsed: 1, kept: false, owners: ['"', '\\', 'ü'] }
      }
    }
    expect(joined(i)).toBe(whole(i))
    expect(IndexSchema.parse(JSON.parse(joined(i)))).toEqual(i)
  })

  it('refuses what the schema refuses', () => {
    const bad: unknown[] = [
      { entries: { 'not-a-key': index(1).entries[mediaKey('https://cdn.example/0.png')] } },
      { entries: { [key]: { contentType: 'a', size: -1, lastUsed: 1, kept: false } } },
      { entries: { [key]: { contentType: 'a'.repeat(201), size: 1, lastUsed: 1, kept: false } } },
      { entries: { [key]: { contentType: 'a', size: 1, lastUsed: 1 } } },
      { entries: { [key]: null } },
      { entries: null },
      { entries: [] },
      { entries: {}, limitBytes: 0 },
      { entries: {}, limitBytes: 1.5 }
    ]
    for (const b of bad) {
      expect(() => IndexSchema.parse(b)).toThrow()
      expect(() => joined(b as MediaIndex)).toThrow()
    }
  })

  it('says when the schema changed the index (an unknown key stripped)', () => {
    const exact = mediaIndexPieces(index(3, 10))
    void [...exact.pieces]
    expect(exact.faithful()).toBe(true)
    const stray = {
      entries: { [key]: { contentType: 'a', size: 1, lastUsed: 1, kept: false, stray: 1 } }
    } as unknown as MediaIndex
    const changed = mediaIndexPieces(stray)
    expect([...changed.pieces].join('')).not.toContain('stray')
    expect(changed.faithful()).toBe(false)
  })
})

describe('mediaIndexPiecesOf (from the store Map)', () => {
  const fromMap = (i: MediaIndex): string => {
    const { entries, ...rest } = i
    return [...mediaIndexPiecesOf(new Map(Object.entries(entries)), rest).pieces].join('')
  }

  it('is the same JSON as the index object gives, in the Map order', () => {
    for (const i of [index(0), index(1), index(7), index(7, 5_000_000), index(0, 1)])
      expect(fromMap(i)).toBe(whole(i))
  })

  it('refuses what the schema refuses, and says when it changed an entry', () => {
    const bad: MediaIndex[] = [
      { entries: { 'not-a-key': { contentType: 'a', size: 1, lastUsed: 1, kept: false } } },
      { entries: { [key]: { contentType: 'a', size: -1, lastUsed: 1, kept: false } } },
      { entries: {}, limitBytes: 0 }
    ]
    for (const b of bad) expect(() => fromMap(b)).toThrow()
    const stray = new Map([[key, { contentType: 'a', size: 1, lastUsed: 1, kept: false, x: 1 }]])
    const changed = mediaIndexPiecesOf(stray, {})
    expect([...changed.pieces].join('')).not.toContain('"x"')
    expect(changed.faithful()).toBe(false)
  })
})

describe('the media index written in pieces', () => {
  it('is the same file the whole-document write makes, over several chunks', async () => {
    const big = index(30_000, 2_000_000_000)
    const log = { warn: () => {} }
    const plain = new VersionedFile('media-index', 1, IndexSchema, log)
    const pieced = new VersionedFile('media-index', 1, IndexSchema, log, {
      pieces: mediaIndexPieces
    })
    await plain.write(join(dir, 'a.json'), big)
    await pieced.write(join(dir, 'b.json'), big)
    const b = await readFile(join(dir, 'b.json'))
    expect(b.byteLength).toBeGreaterThan(2 << 20)
    expect(b.equals(await readFile(join(dir, 'a.json')))).toBe(true)
    expect(await plain.read(join(dir, 'b.json'))).toEqual(big)
  })
})

describe('mediaKey: how every cached file is named', () => {
  it('is the SHA-256 of the address in hex, as files already on disk are named', () => {
    // Worked out outside the app (sha256sum): a new spelling would orphan every file kept.
    expect(mediaKey('https://cdn.example/a%20b.png?w=200')).toBe(
      '6f42edce68cdf86027a9580d7da20161bf6b1bddd1f906f93a920f334fdc8883'
    )
    expect(mediaKey('https://cdn.example/é.png')).toMatch(/^[0-9a-f]{64}$/)
    expect(mediaKey('https://cdn.example/1.png')).not.toBe(mediaKey('https://cdn.example/2.png'))
  })
})
