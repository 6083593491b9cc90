import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useItems } from '../../../renderer/src/stores/items'
import { rowAt, rowCount } from '../../../renderer/src/stores/items-list'
import type { Item } from '../../../shared/model'
import { deferred, freshness, installFakeBridge, ok, sampleItem } from '../fake-bridge'

// Main holds the catalogue: the store keeps only the windows the grid has shown.

const many: Item[] = Array.from({ length: 1000 }, (_, i) =>
  sampleItem({ id: i + 1, name: `Item ${i + 1}`, published_at: null })
)

beforeEach(() => useItems.getState().reset())
afterEach(() => useItems.getState().reset())

describe('items store windows', () => {
  it('starts with one window and asks main for the rows scrolled into view, once', async () => {
    const bridge = installFakeBridge({
      listItems: async () =>
        ok({ data: { items: many, skipped: [], listProblem: null }, freshness: freshness() })
    })
    await useItems.getState().load()
    let list = useItems.getState().list!
    expect(rowCount(list)).toBe(1000)
    expect(rowAt(list, 0)?.name).toBe('Item 1')
    expect(rowAt(list, 990)).toBeUndefined()
    expect(bridge.calls.queryItems).toHaveLength(1)

    await Promise.all([
      useItems.getState().ensureRows(985, 1000),
      useItems.getState().ensureRows(985, 1000)
    ])
    list = useItems.getState().list!
    expect(rowAt(list, 999)?.name).toBe('Item 1000')
    expect(rowAt(list, 985)?.name).toBe('Item 986')
    // One request for the window, however often the grid asked while it was on its way.
    expect(bridge.calls.queryItems!.slice(1).map((q) => q.offset)).toEqual([960])
    await useItems.getState().ensureRows(990, 1000)
    expect(bridge.calls.queryItems).toHaveLength(2)
  })

  it('drops a window that arrives after the search changed', async () => {
    const slow = deferred<null>()
    let held = false
    installFakeBridge({
      listItems: async () => {
        if (held) await slow.promise
        return ok({ data: { items: many, skipped: [], listProblem: null }, freshness: freshness() })
      }
    })
    await useItems.getState().load()
    held = true
    const late = useItems.getState().ensureRows(500, 520)
    held = false
    useItems.getState().setFilters({ query: 'Item 99' })
    await new Promise((r) => setTimeout(r, 0))
    slow.resolve(null)
    await late
    const list = useItems.getState().list!
    // Names holding "99": 99, 199, ... 999 and 990 to 998.
    expect(rowCount(list)).toBe(19)
    expect(list.rows.slice(0, 3).map((r) => r?.name)).toEqual(['Item 99', 'Item 199', 'Item 299'])
    // The late window of the unfiltered list (from 480) did not land in this one.
    expect(list.rows).toHaveLength(19)
    expect(list.rows.every((r) => r?.name.includes('99'))).toBe(true)
  })

  it('answers a new search with the rows the grid draws, and fetches the rest as it scrolls', async () => {
    const bridge = installFakeBridge({
      listItems: async () =>
        ok({ data: { items: many, skipped: [], listProblem: null }, freshness: freshness() })
    })
    await useItems.getState().load()
    await useItems.getState().ensureRows(0, 60)
    useItems.getState().setFilters({ query: 'Item 1' })
    await vi.waitFor(() => expect(useItems.getState().list?.filters).toContain('Item 1'))
    const asked = bridge.calls.queryItems!.at(-1)!
    expect(asked).toMatchObject({ query: 'Item 1', offset: 0, limit: 60 })
    let list = useItems.getState().list!
    // Every word is searched on its own: names holding "item" and a 1.
    const matched = many.filter((i) => i.name.includes('1')).length
    expect(rowCount(list)).toBe(matched)
    expect(rowAt(list, 59)?.name).toBeDefined()
    expect(rowAt(list, 60)).toBeUndefined()

    await useItems.getState().ensureRows(56, 76)
    list = useItems.getState().list!
    expect(rowAt(list, 75)?.name).toContain('1')
    expect(list.rows.filter(Boolean)).toHaveLength(120)
  })
})
