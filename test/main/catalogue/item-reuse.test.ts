import { describe, expect, it } from 'vitest'
import { reuseItemsOf } from '../../../electron/main/catalogue/item-reuse'
import type { Item } from '../../../shared/model'
import { makeItem } from '../../support/model-fixtures'

/** An item as a refresh takes it in: equal to, but not, the one in memory. */
const copy = (item: Item): Item => JSON.parse(JSON.stringify(item)) as Item
const list = (n: number): Item[] => Array.from({ length: n }, (_, i) => makeItem(i + 1))
/** The reuse of batches of one item, item by item. */
const reuseOne = (previous: () => readonly Item[] | null) => {
  const reuse = reuseItemsOf(previous)
  return (item: Item, position: number): Item => reuse([item], position)[0]!
}

describe('a refresh taking items as the list in memory holds them', () => {
  it('keeps an unchanged item as the one in memory, and a changed one as it came', () => {
    const old = list(3)
    const reuse = reuseOne(() => old)
    expect(reuse(copy(old[0]!), 0)).toBe(old[0])
    const renamed = { ...copy(old[1]!), name: 'Renamed' }
    expect(reuse(renamed, 1)).toBe(renamed)
    const repriced = { ...copy(old[2]!), price: { regular: 1, extended: 2 } }
    expect(reuse(repriced, 2)).toBe(repriced)
  })

  it('finds items moved down by a new one at the top, and in any other order', () => {
    const old = list(5)
    const reuse = reuseOne(() => old)
    const fresh = [makeItem(99), ...old.map(copy)]
    expect(fresh.map((item, n) => reuse(item, n))).toEqual(fresh)
    fresh.forEach((item, n) => {
      if (n === 0) expect(reuse(item, n)).toBe(item)
      else expect(reuse(item, n)).toBe(old[n - 1])
    })
    const shuffled = [old[3]!, old[0]!, old[4]!].map(copy)
    const again = reuseOne(() => old)
    expect(shuffled.map((item, n) => again(item, n))).toEqual([old[3], old[0], old[4]])
    shuffled.forEach((item, n) => expect(again(item, n)).toBe([old[3], old[0], old[4]][n]))
    // A whole batch, as the parse thread hands it over.
    const batch = reuseItemsOf(() => old)(fresh, 0)
    expect(batch[0]).toBe(fresh[0])
    batch.slice(1).forEach((item, n) => expect(item).toBe(old[n]))
  })

  it('takes items as they come when no list is in memory, or it went meanwhile', () => {
    const none = reuseOne(() => null)
    const item = makeItem(1)
    expect(none(item, 0)).toBe(item)
    let inMemory: Item[] | null = list(2)
    const reuse = reuseOne(() => inMemory)
    const first = copy(inMemory[0]!)
    expect(reuse(first, 0)).toBe(inMemory[0])
    inMemory = null
    const second = makeItem(2)
    expect(reuse(second, 1)).toBe(second)
  })

  it('asks for the list at each batch, so a list read during the refresh is used from then on', () => {
    let inMemory: Item[] | null = null
    const reuse = reuseOne(() => inMemory)
    const saved = list(2)
    const early = copy(saved[0]!)
    expect(reuse(early, 0)).toBe(early)
    inMemory = saved
    expect(reuse(copy(saved[1]!), 1)).toBe(saved[1])
  })

  it('never takes an item of another id, even at the same place', () => {
    const old = list(2)
    const reuse = reuseOne(() => old)
    const other = { ...copy(old[0]!), id: 7 }
    expect(reuse(other, 0)).toBe(other)
  })
})
