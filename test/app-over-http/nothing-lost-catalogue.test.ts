import { afterEach, describe, expect, it } from 'vitest'
import type { ItemsPayload, Freshness } from '../../shared/ipc/contract'
import { dataOf, startDurableHost, type DurableHost } from '../support/durable-host'
import { startFaultyMarket, type FaultyMarket } from '../support/faulty-market'

// Issue 13, real-installs §5: one HTTP 500 on the item list must not empty the offline catalogue.

type Listed = { data: ItemsPayload; freshness: Freshness }

let host: DurableHost | null = null
let market: FaultyMarket | null = null
afterEach(async () => {
  await host?.dispose()
  await market?.close()
  host = market = null
})

const ids = (l: Listed): number[] => l.data.items.map((i) => i.id).sort((a, b) => a - b)

describe('a failed or short item list against a cached catalogue', () => {
  it('keeps every cached item, merges what the known-ids fallback read, and says the list failed', async () => {
    market = await startFaultyMarket([1, 2, 3, 4, 5, 6])
    market.allIds.push(7)
    host = await startDurableHost()
    dataOf(await host.rpc('addConnection', { baseUrl: market.baseUrl, apiKey: market.key }))
    const first = dataOf(await host.rpc<Listed>('listItems', { refresh: true }))
    expect(ids(first)).toEqual([1, 2, 3, 4, 5, 6])
    // The seller opened item 2 and added item 7 by id: both are known ids now.
    dataOf(await host.rpc('getItem', { id: 2 }))
    dataOf(await host.rpc('getItem', { id: 7 }))

    // The site breaks (an item without a sub-category, real-installs §18).
    market.listFailure = 500
    const after = dataOf(await host.rpc<Listed>('listItems', { refresh: true }))
    expect(ids(after)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(after.data.listProblem).toBe('server-data-fault')
    expect(after.freshness.source).toBe('cache')
    expect(after.freshness.fetchedAt).toBe(first.freshness.fetchedAt)
    expect(after.freshness.refreshError).toMatch(/item list failed/)

    // The same holds for the copy on disk: offline, after a restart, all seven are there.
    await market.close()
    market = null
    await host.restart()
    const offline = dataOf(await host.rpc<Listed>('listItems'))
    expect(ids(offline)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('keeps the cached list when the marketplace suddenly lists nothing', async () => {
    market = await startFaultyMarket([1, 2, 3])
    host = await startDurableHost()
    dataOf(await host.rpc('addConnection', { baseUrl: market.baseUrl, apiKey: market.key }))
    dataOf(await host.rpc<Listed>('listItems', { refresh: true }))
    market.listFailure = 404
    const after = dataOf(await host.rpc<Listed>('listItems', { refresh: true }))
    expect(ids(after)).toEqual([1, 2, 3])
    expect(after.freshness.refreshError).toMatch(/listed no items/)
  })
})
