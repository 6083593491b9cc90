import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { mediaKey } from '../../electron/main/media/disk-index'
import { mediaKeyUrl } from '../../electron/main/media/registry'
import { rawRequest } from '../support/harness-http'
import { dataOf, startDurableHost, type DurableHost } from '../support/durable-host'
import { startFaultyMarket, type FaultyMarket } from '../support/faulty-market'

// Issue 13, real-installs §6: a media body that stalls or trickles must not hold the prefetch
// workers or the requests for that file; stalled files are tried again later.

let host: DurableHost | null = null
let market: FaultyMarket | null = null
afterEach(async () => {
  await host?.dispose()
  await market?.close()
  host = market = null
})

const stored = (h: DurableHost, url: string): boolean =>
  existsSync(join(h.dataDir, 'media', `${mediaKey(mediaKeyUrl(url)!)}.bin`))

describe('stalled and trickling media bodies', () => {
  it('free the prefetch workers, answer waiting requests, and are fetched again later', async () => {
    market = await startFaultyMarket([1, 2, 3, 4, 5, 6, 7, 8])
    // The first four thumbnails (one per prefetch worker) stall on their first request.
    for (const id of [1, 2, 3, 4])
      market.media.set(`/m/thumb-${id}.png`, (attempt) => (attempt === 1 ? 'stall' : 'ok'))
    // One preview trickles a byte every 50 ms, for ever.
    market.media.set('/m/preview-8.png', () => 'trickle')
    host = await startDurableHost({
      // Short limits so the test does not wait minutes; the defaults are in body-guard.ts.
      mediaTimeouts: { idleMs: 400, imageTotalMs: 1500, waitMs: 800, retryDelayMs: 200 }
    })
    dataOf(await host.rpc('addConnection', { baseUrl: market.baseUrl, apiKey: market.key }))
    dataOf(await host.rpc('listItems', { refresh: true }))

    const thumbs = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => market!.mediaUrl(`/m/thumb-${id}.png`))
    // Every thumbnail ends up on disk: the healthy ones although four workers met a stall
    // first, the stalled ones on a later attempt.
    await expect
      .poll(() => thumbs.filter((u) => stored(host!, u)).length, { timeout: 15_000 })
      .toBe(8)
    for (const id of [1, 2, 3, 4]) expect(market.mediaHits.get(`/m/thumb-${id}.png`)).toBe(2)

    // A request for the trickling file answers (no image) instead of hanging.
    const trickling = market.mediaUrl('/m/preview-8.png')
    const answer = await rawRequest({
      port: host.host.server.port,
      path: `/media?u=${encodeURIComponent(trickling)}&t=${host.host.server.mediaToken}`
    })
    expect(answer.status).toBe(504)
    expect(stored(host, trickling)).toBe(false)
    // And no body is left held open at the marketplace.
    await expect.poll(() => market!.openBodies(), { timeout: 10_000 }).toBe(0)
  }, 40_000)
})
