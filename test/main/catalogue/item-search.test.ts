import { describe, expect, it, vi } from 'vitest'
import {
  buildIndex,
  buildSearchText,
  letterBits,
  keepMatching,
  matchPositions,
  queryWords,
  wordsMatcher
} from '../../../electron/main/catalogue/item-search'
import type { ItemFilters } from '../../../shared/item-query'
import type { Item } from '../../../shared/model'
import { item } from '../../support/fake-market'

const NAMES = [
  'Northwind Admin',
  'Ocean DRONE footage 4K',
  'Café Crème — Menu',
  'İstanbul Nights',
  'zz top 2024',
  'Quartz',
  ''
]

function catalogue(): Item[] {
  return NAMES.map((name, n) => ({
    ...item(n + 1),
    name,
    category: n % 2 === 0 ? 'Templates' : 'Video',
    sub_category: n % 3 === 0 ? null : 'Stock',
    tags: n === 6 ? ['xylophone', 'Jazz'] : []
  }))
}

/** What a search meant before the letter bits: every word inside the lowercase text. */
function byText(items: Item[], query: string): number[] {
  const words = queryWords(query)
  return items.flatMap((i, n) => {
    const text = [i.name, i.category, i.sub_category ?? '', ...i.tags].join('\n').toLowerCase()
    return words.every((w) => text.includes(w)) ? [n] : []
  })
}

const QUERIES = [
  ...'abcdefghijklmnopqrstuvwxyz0123456789éèi̇ —',
  'no',
  'NORTH',
  'wind admin',
  'crème',
  'i̇stanbul',
  '4k drone',
  'stock video',
  'q z',
  'jazz',
  'zz 2024',
  'xyz'
]

describe('letter bits and the search text', () => {
  it('sets a bit for each letter a-z only', () => {
    expect(letterBits('ab')).toBe(0b11)
    expect(letterBits('z')).toBe(1 << 25)
    expect(letterBits('Z9é —')).toBe(0)
  })

  it('finds exactly what reading every text finds, for letters, words and other characters', () => {
    const items = catalogue()
    const index = buildIndex(items)
    for (const q of QUERIES) {
      const matcher = wordsMatcher(index, queryWords(q))
      const found = items.flatMap((_, n) => (matcher(n) ? [n] : []))
      expect(found, q).toEqual(byText(items, q))
    }
  })

  it('gives the same answers built in slices, and a search finishes a partial build', () => {
    const items = catalogue()
    const whole = buildIndex(items)
    buildSearchText(whole)
    const sliced = buildIndex(items)
    expect(buildSearchText(sliced, 3)).toBe(false)
    expect(sliced.searchBuilt).toBe(3)
    const filters: ItemFilters = { query: 'o', category: '', kind: 'all', sort: 'name' }
    expect(matchPositions(sliced, filters)).toEqual(matchPositions(whole, filters))
    expect(sliced.searchBuilt).toBe(items.length)
    expect(sliced.haystacks).toEqual(whole.haystacks)
    expect(sliced.letters).toEqual(whole.letters)
  })

  it('answers the whole list in the asked order when nothing filters it', () => {
    const items = catalogue()
    const index = buildIndex(items)
    const all = matchPositions(index, { query: ' ', category: '', kind: 'all', sort: 'name' })
    const names = Array.from(all, (n) => items[n]!.name)
    expect(names).toHaveLength(items.length)
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
    expect(names).toEqual([...names].sort(collator.compare))
    // Nothing was searched: no search text was needed.
    expect(index.searchBuilt).toBe(0)
  })
})

describe('matches in order', () => {
  it('gives a search alone, or with a category or kind, the matches in the asked order', () => {
    const items = catalogue()
    const index = buildIndex(items)
    const named = matchPositions(index, { query: '', category: '', kind: 'all', sort: 'name' })
    // Server order is not the name order here, so an answer in list order fails.
    expect(Array.from(named)).not.toEqual(items.map((_, n) => n))
    for (const query of QUERIES) {
      const found = new Set(byText(items, query))
      const expected = Array.from(named).filter((n) => found.has(n))
      const alone = matchPositions(index, { query, category: '', kind: 'all', sort: 'name' })
      expect(Array.from(alone), query).toEqual(expected)
      const inVideo = matchPositions(index, { query, category: 'Video', kind: 'all', sort: 'name' })
      expect(Array.from(inVideo), query).toEqual(
        expected.filter((n) => items[n]!.category === 'Video')
      )
    }
  })
})

describe('a list already in the asked order', () => {
  const dated = (n: number, at: string | null): Item => ({ ...item(n), published_at: at })

  it('is kept as it came or reversed, without sorting, and sorted when it is neither', () => {
    // Newest first, as the marketplace sends it: ties and undated items keep their place.
    const newestFirst = [
      dated(1, '2024-05-01T00:00:00Z'),
      dated(2, '2024-04-01T00:00:00Z'),
      dated(3, '2024-04-01T00:00:00Z'),
      dated(4, '2023-01-01T00:00:00Z'),
      dated(5, null),
      dated(6, null)
    ]
    const newest: ItemFilters = { query: '', category: '', kind: 'all', sort: 'newest' }
    const sort = vi.spyOn(Uint32Array.prototype, 'sort')
    try {
      expect(Array.from(matchPositions(buildIndex(newestFirst), newest))).toEqual([
        0, 1, 2, 3, 4, 5
      ])
      expect(sort).not.toHaveBeenCalled()
      // Oldest first, every date its own: the same order, reversed.
      const oldestFirst = [newestFirst[3]!, newestFirst[2]!, newestFirst[0]!]
      expect(Array.from(matchPositions(buildIndex(oldestFirst), newest))).toEqual([2, 1, 0])
      expect(sort).not.toHaveBeenCalled()
      // Oldest first with a tie: reversing would put the tie out of server order.
      const tied = [newestFirst[3]!, newestFirst[1]!, newestFirst[2]!, newestFirst[0]!]
      expect(Array.from(matchPositions(buildIndex(tied), newest))).toEqual([3, 1, 2, 0])
      expect(sort).toHaveBeenCalledTimes(1)
      // One item out of place (and an undated one before a dated one): sorted as before.
      const shuffled = [newestFirst[1]!, newestFirst[0]!, newestFirst[4]!, newestFirst[3]!]
      expect(Array.from(matchPositions(buildIndex(shuffled), newest))).toEqual([1, 0, 3, 2])
      expect(sort).toHaveBeenCalledTimes(2)
    } finally {
      sort.mockRestore()
    }
  })
})

describe('keepMatching', () => {
  it('keeps the passing positions in their order, in an array of their own', () => {
    const positions = Uint32Array.from([9, 2, 7, 4, 5])
    const odd = keepMatching(positions, (n) => n % 2 === 1)
    expect(Array.from(odd)).toEqual([9, 7, 5])
    expect(odd.buffer).not.toBe(positions.buffer)
    expect(keepMatching(positions, () => false)).toHaveLength(0)
    expect(Array.from(keepMatching(positions, () => true))).toEqual([9, 2, 7, 4, 5])
  })

  it("answers the whole list with a copy: changing it leaves the index's order as it was", () => {
    const items = catalogue()
    const index = buildIndex(items)
    const filters: ItemFilters = { query: '', category: '', kind: 'all', sort: 'name' }
    const first = matchPositions(index, filters)
    const kept = Array.from(first)
    first.fill(0)
    expect(Array.from(matchPositions(index, filters))).toEqual(kept)
  })
})

describe('the name collator', () => {
  it('is made when a list is first sorted, not when the module loads', async () => {
    const Real = Intl.Collator
    let made = 0
    class Counting extends Real {
      constructor(...args: ConstructorParameters<typeof Intl.Collator>) {
        super(...args)
        made++
      }
    }
    Intl.Collator = Counting as typeof Intl.Collator
    try {
      vi.resetModules()
      const fresh = await import('../../../electron/main/catalogue/item-search')
      expect(made).toBe(0)
      const index = fresh.buildIndex([
        { ...item(1), category: 'b' },
        { ...item(2), category: 'A' }
      ])
      expect(index.categories).toEqual(['A', 'b'])
      expect(made).toBe(1)
    } finally {
      Intl.Collator = Real
    }
  })
})
