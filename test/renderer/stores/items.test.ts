import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useItems } from '../../../renderer/src/stores/items'
import { rowAt, rowCount } from '../../../renderer/src/stores/items-list'
import type { Item } from '../../../shared/model'
import { err, freshness, installFakeBridge, ok, resetStores, sampleItem } from '../fake-bridge'

// The Items view's data: main's cached list at once and the marketplace behind it, the
// seller's search and filters asked of main, and items added by id kept in front.

const catalogue: Item[] = [
  sampleItem({
    id: 1,
    name: 'Aurora Dashboard',
    kind: 'image',
    published_at: '2024-03-01T00:00:00Z'
  }),
  sampleItem({
    id: 2,
    name: 'Lo-fi Study Loop',
    kind: 'audio',
    published_at: '2024-02-01T00:00:00Z'
  }),
  sampleItem({ id: 3, name: 'Aurora Intro', kind: 'video', published_at: '2024-01-01T00:00:00Z' })
]
const listed = (items: Item[], source: 'cache' | 'network' = 'network') =>
  ok({ data: { items, skipped: [], listProblem: null }, freshness: freshness({ source }) })
const names = (): string[] => {
  const list = useItems.getState().list!
  return Array.from({ length: rowCount(list) }, (_, i) => rowAt(list, i)?.name ?? '?')
}

beforeEach(() => resetStores())
afterEach(() => useItems.getState().reset())

describe('items store', () => {
  it('shows the cached list, then asks the marketplace and shows its answer', async () => {
    const bridge = installFakeBridge({
      listItems: async (req) =>
        req?.refresh ? listed(catalogue) : listed(catalogue.slice(0, 1), 'cache')
    })
    await useItems.getState().load()
    expect(bridge.calls.queryItems?.map((q) => q.refresh ?? false)).toEqual([false, true])
    expect(useItems.getState()).toMatchObject({ status: 'ready', refreshing: false })
    expect(useItems.getState().freshness?.source).toBe('network')
    expect(names()).toEqual(['Aurora Dashboard', 'Lo-fi Study Loop', 'Aurora Intro'])
  })

  it('keeps the list when a refresh fails, and says so', async () => {
    installFakeBridge({
      listItems: async (req) =>
        req?.refresh
          ? err('offline', 'The marketplace did not answer.')
          : listed(catalogue, 'cache')
    })
    await useItems.getState().load()
    expect(useItems.getState()).toMatchObject({
      status: 'ready',
      error: null,
      refreshError: { kind: 'offline' }
    })
    expect(names()).toHaveLength(3)
  })

  it('asks main again with the search and filters, from the top', async () => {
    const bridge = installFakeBridge({ listItems: async () => listed(catalogue) })
    await useItems.getState().load()
    useItems.getState().setScrollTop(400)
    useItems.getState().setFilters({ query: 'aurora', kind: 'video' })
    await expect.poll(() => names()).toEqual(['Aurora Intro'])
    expect(useItems.getState().scrollTop).toBe(0)
    expect(bridge.calls.queryItems?.at(-1)).toMatchObject({
      query: 'aurora',
      kind: 'video',
      offset: 0
    })
  })

  it('puts an item added by id in front of the list, once', async () => {
    const added = sampleItem({ id: 9, name: 'Hidden Gem' })
    const bridge = installFakeBridge({
      listItems: async () => listed(catalogue),
      getItem: async () => ok({ data: added, freshness: freshness() })
    })
    await useItems.getState().load()
    const outcome = await useItems.getState().addById(9)
    expect(bridge.calls.getItem).toEqual([{ id: 9, refresh: true }])
    expect(outcome).toMatchObject({ ok: true, alreadyListed: false })
    expect(names()[0]).toBe('Hidden Gem')
    expect(names()).toHaveLength(4)

    // A refresh whose list does not hold it yet keeps it in front.
    await useItems.getState().refresh()
    expect(names()[0]).toBe('Hidden Gem')

    const again = await useItems.getState().addById(1)
    expect(again).toMatchObject({ ok: true, alreadyListed: true })
    expect(names()).toHaveLength(4)
  })

  it('says why an item could not be added, and changes nothing', async () => {
    installFakeBridge({
      listItems: async () => listed(catalogue),
      getItem: async () => err('not-found', 'No item 9 on this marketplace.')
    })
    await useItems.getState().load()
    expect(await useItems.getState().addById(9)).toEqual({
      ok: false,
      error: { kind: 'not-found', message: 'No item 9 on this marketplace.' }
    })
    expect(names()).toHaveLength(3)
  })

  it('shows the error when there is no list yet, and forgets everything on reset', async () => {
    installFakeBridge({ listItems: async () => err('unauthorized', 'The key was refused.') })
    await useItems.getState().load()
    expect(useItems.getState()).toMatchObject({ status: 'error', error: { kind: 'unauthorized' } })
    useItems.getState().setLayout('list')
    useItems.getState().reset()
    expect(useItems.getState()).toMatchObject({ status: 'idle', list: null, error: null })
    // The layout is the seller's choice, not the connection's.
    expect(useItems.getState().layout).toBe('list')
  })
})
