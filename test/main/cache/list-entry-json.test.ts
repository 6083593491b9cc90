import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  itemsEntrySchema,
  listEntryPieces,
  sameJson
} from '../../../electron/main/cache/list-entry-json'
import { VersionedFile } from '../../../electron/main/cache/versioned-file'
import { ItemSchema, type Item } from '../../../shared/model'
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

describe('listEntryPieces with the list already checked', () => {
  it("checks only the items that are not that list's own objects, and writes the same JSON", () => {
    const saved = itemsEntrySchema.parse(
      entry(Array.from({ length: 50 }, (_, i) => makeItem(i + 1)))
    )
    // A refresh as item-reuse.ts leaves it: one new item on top (every position shifted),
    // one changed, one gone; the rest are the saved list's objects.
    const changed = makeItem(20, { name: 'Changed' })
    const items = [
      makeItem(99),
      ...saved.data.items.filter((i) => i.id !== 30).map((i) => (i.id === 20 ? changed : i))
    ]
    const parse = vi.spyOn(ItemSchema, 'parse')
    try {
      const fresh = listEntryPieces(entry(items), saved)
      const json = [...fresh.pieces].join('')
      expect(parse.mock.calls.map(([item]) => item)).toEqual([items[0], changed])
      expect(fresh.faithful()).toBe(true)
      parse.mockClear()
      expect(json).toBe(joined(entry(items)))
      expect(parse).toHaveBeenCalledTimes(items.length)
    } finally {
      parse.mockRestore()
    }
  })

  it('still checks an equal copy, and refuses a broken item beside checked ones', () => {
    const saved = itemsEntrySchema.parse(entry([makeItem(1), makeItem(2)]))
    const broken = { ...makeItem(3), price: { regular: 'free' } } as unknown as Item
    expect(() => [...listEntryPieces(entry([...saved.data.items, broken]), saved).pieces]).toThrow()
    const stray = { ...saved.data.items[0]!, stray: 'x' } as Item
    const copy = listEntryPieces(entry([stray, saved.data.items[1]!]), saved)
    expect([...copy.pieces].join('')).not.toContain('stray')
    expect(copy.faithful()).toBe(false)
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

  it('checks again only what is not the list it holds', async () => {
    const f = file()
    const path = join(dir, 'a.json')
    await f.write(path, entry([makeItem(1), makeItem(2)]))
    const read = await f.read(path)
    const parse = vi.spyOn(ItemSchema, 'parse')
    try {
      await f.write(path, entry([...read!.data.items, makeItem(3)]))
      expect(parse.mock.calls.map(([item]) => (item as Item).id)).toEqual([3])
    } finally {
      parse.mockRestore()
    }
    expect((await f.read(path))?.data.items.map((i) => i.id)).toEqual([1, 2, 3])
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
