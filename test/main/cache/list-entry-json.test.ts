import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  itemsEntrySchema,
  listEntryPieces,
  sameJson
} from '../../../electron/main/cache/list-entry-json'
import { VersionedFile } from '../../../electron/main/cache/versioned-file'
import type { Item } from '../../../shared/model'
import { makeItem } from '../../support/model-fixtures'

const at = '2024-05-01T10:00:00.000Z'
const entry = (items: Item[]) => ({
  fetchedAt: at,
  data: {
    items,
    skipped: [{ index: 4, field: 'items[4].price', message: 'bad' }],
    listProblem: null
  }
})
const joined = (e: ReturnType<typeof entry>) => [...listEntryPieces(e).pieces].join('')

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sd-list-json-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('listEntryPieces', () => {
  it('is the JSON of the whole entry as the schema outputs it, an item a line', () => {
    const e = entry([
      makeItem(1),
      makeItem(2, { tags: ['x'], description: '<p>two\nlines, "quoted"</p>' }),
      makeItem(3)
    ])
    const json = joined(e)
    expect(JSON.parse(json)).toEqual(itemsEntrySchema.parse(e))
    // The date's line, one line per item (a line break inside a string stays escaped), the rest.
    const lines = json.split('\n')
    expect(lines).toHaveLength(5)
    expect(lines[0]).toBe(`{"fetchedAt":"${at}","data":{"items":[`)
    expect(lines.slice(1, 4).map((l) => JSON.parse(l.replace(/,$/, '')))).toEqual(e.data.items)
    expect(lines[4]).toMatch(/^\],"skipped":/)
    const empty = joined(entry([]))
    expect(JSON.parse(empty)).toEqual(itemsEntrySchema.parse(entry([])))
    expect(empty.split('\n')).toHaveLength(2)
  })

  it('refuses a list holding a broken item, naming nothing of it in the output', () => {
    const broken = { ...makeItem(2), price: { regular: 'free' } } as unknown as Item
    expect(() => joined(entry([makeItem(1), broken]))).toThrow()
  })

  it('says when the schema changed the value (an unknown key stripped)', () => {
    const exact = listEntryPieces(entry([makeItem(1)]))
    void [...exact.pieces]
    expect(exact.faithful()).toBe(true)
    const extra = { ...makeItem(1), stray: 'x' } as Item
    const changed = listEntryPieces(entry([extra]))
    expect([...changed.pieces].join('')).not.toContain('stray')
    expect(changed.faithful()).toBe(false)
  })
})

describe('sameJson', () => {
  it('compares as JSON would serialise, key order aside', () => {
    expect(sameJson({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true)
    expect(sameJson({ a: 1, u: undefined }, { a: 1 })).toBe(true)
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false)
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false)
    expect(sameJson({ 0: 'a' }, ['a'])).toBe(false)
  })
})

describe('VersionedFile written in pieces', () => {
  const file = () =>
    new VersionedFile(
      'items',
      1,
      itemsEntrySchema,
      { warn: () => {} },
      {
        keepLast: true,
        pieces: listEntryPieces
      }
    )

  it('writes a file the whole-document read takes as the same entry', async () => {
    const e = entry([makeItem(1), makeItem(2)])
    const whole = new VersionedFile('items', 1, itemsEntrySchema, { warn: () => {} })
    await file().write(join(dir, 'b.json'), e)
    expect(await whole.read(join(dir, 'b.json'))).toEqual(e)
  })

  it('writes a list of several megabytes, gathered in chunks, readable whole', async () => {
    const padding = 'é'.repeat(1_000)
    const e = entry(
      Array.from({ length: 2_500 }, (_, i) => makeItem(i + 1, { description: padding }))
    )
    const whole = new VersionedFile('items', 1, itemsEntrySchema, { warn: () => {} })
    await file().write(join(dir, 'b.json'), e)
    const b = await readFile(join(dir, 'b.json'))
    expect(b.byteLength).toBeGreaterThan(4 << 20)
    expect(await whole.read(join(dir, 'b.json'))).toEqual(e)
  })

  it('answers the very list it was given while the file is unchanged', async () => {
    const f = file()
    const e = entry([makeItem(1)])
    await f.write(join(dir, 'a.json'), e)
    expect(await f.read(join(dir, 'a.json'))).toBe(e)
  })

  it('answers the file, not the value, when the schema changed the value', async () => {
    const f = file()
    const e = entry([{ ...makeItem(1), stray: 'x' } as Item])
    await f.write(join(dir, 'a.json'), e)
    const read = await f.read(join(dir, 'a.json'))
    expect(read).not.toBe(e)
    expect(read?.data.items[0]).toEqual(makeItem(1))
  })
})
