import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../../electron/demo'
import { createMarketplaceClient } from '../../../electron/main/marketplace/client'
import {
  createPacer,
  type Pacer,
  type PacerPriority
} from '../../../electron/main/marketplace/pacer'
import type { FetchLike } from '../../../electron/main/marketplace/http'
import { MediaCache } from '../../../electron/main/media/media-cache'
import { countedOrigin, pacedMediaFetcher } from '../../../electron/main/media/paced-fetch'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function realDemo(rateLimit: { limit: number; windowMs: number }): Promise<DemoServer> {
  const demo = await startDemoServer({ mode: 'real', port: 0, rateLimit })
  cleanups.push(() => demo.close())
  return demo
}

async function mediaCache(fetcher: ReturnType<typeof pacedMediaFetcher>): Promise<MediaCache> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sd-media-pacing-'))
  const cache = new MediaCache({ dataDir, fetchMedia: fetcher, log: { warn: () => {} } })
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  cleanups.push(() => cache.close())
  return cache
}

/** Every status the server answered, and every priority the pacer was asked for. */
function recorders(pacer: Pacer): {
  fetch: FetchLike
  statuses: number[]
  priorities: Array<PacerPriority | undefined>
  pacer: Pacer
} {
  const statuses: number[] = []
  const priorities: Array<PacerPriority | undefined> = []
  return {
    statuses,
    priorities,
    fetch: async (input, init) => {
      const res = await fetch(input, init)
      statuses.push(res.status)
      return res
    },
    pacer: {
      ...pacer,
      acquire: (o = {}) => {
        priorities.push(o.priority)
        return pacer.acquire(o)
      }
    }
  }
}

describe('which media requests count against a marketplace’s rate limit', () => {
  it('is only media under a connected site’s /api/, on its own origin', () => {
    const sites = ['https://market.example', 'https://shop.example/sub']
    const counted = (u: string): string | null => countedOrigin(new URL(u), sites)
    expect(counted('https://market.example/api/items/1/thumb.jpg')).toBe('https://market.example')
    expect(counted('https://shop.example/sub/api/x.jpg')).toBe('https://shop.example')
    // Static files, another folder, another host or scheme: the throttle never sees them.
    expect(counted('https://market.example/storage/items/1/thumb.jpg')).toBeNull()
    expect(counted('https://market.example/media/thumbs/1.jpg')).toBeNull()
    expect(counted('https://shop.example/api/x.jpg')).toBeNull()
    expect(counted('https://cdn.example/api/x.jpg')).toBeNull()
    expect(counted('http://market.example/api/x.jpg')).toBeNull()
  })
})

describe('media prefetch against a rate-limited real-mode demo', () => {
  it(
    'prefetches more thumbnails than the budget with no 429, without spending the API’s budget',
    { timeout: 60_000 },
    async () => {
      // A long window: if media counted, the 2 API calls plus the thumbnails would pass 10.
      const demo = await realDemo({ limit: 10, windowMs: 60_000 })
      const rec = recorders(createPacer({ windowMs: 60_000 }))
      const client = createMarketplaceClient({
        baseUrl: demo.baseUrl,
        apiKey: demo.apiKey,
        pacer: rec.pacer
      })
      const thumbs = (await client.listItems())
        .map((i) => i.media.thumbnail)
        .filter((u): u is string => u !== null)
      expect(thumbs.length).toBeGreaterThan(10)
      const apiAcquires = rec.priorities.length

      const cache = await mediaCache(
        pacedMediaFetcher({
          sites: async () => [demo.baseUrl],
          fetch: rec.fetch,
          pacerFor: () => rec.pacer
        })
      )
      const result = await cache.prefetch(thumbs, { concurrency: 4 })
      expect(result.stored).toBeGreaterThan(10)
      expect(rec.statuses.filter((s) => s === 429)).toEqual([])
      // Static files: not paced, and the server did not count them either.
      expect(rec.priorities.length).toBe(apiAcquires)
      await client.getAccount()
      expect(client.pacer.state().remaining).toBe(8)
    }
  )

  it(
    'paces media a site serves through its API routes, behind the seller’s clicks',
    { timeout: 60_000 },
    async () => {
      const rate = { limit: 5, windowMs: 1500 }
      const urls = (demo: DemoServer): string[] =>
        Array.from({ length: 3 * rate.limit }, (_, i) => `${demo.baseUrl}/api/media/${i}.jpg`)

      // The control: the same prefetch unpaced does meet the limiter, so the test can fail.
      const bare = await realDemo(rate)
      const unpaced = recorders(createPacer({ windowMs: rate.windowMs }))
      const plain = await mediaCache(
        pacedMediaFetcher({ sites: async () => [], fetch: unpaced.fetch })
      )
      await plain.prefetch(urls(bare), { concurrency: 4 })
      expect(unpaced.statuses.filter((s) => s === 429).length).toBeGreaterThan(0)

      const demo = await realDemo(rate)
      const rec = recorders(createPacer({ windowMs: rate.windowMs }))
      const cache = await mediaCache(
        pacedMediaFetcher({
          sites: async () => [demo.baseUrl],
          fetch: rec.fetch,
          pacerFor: () => rec.pacer
        })
      )
      await cache.prefetch(urls(demo), { concurrency: 4 })
      expect(rec.statuses).toHaveLength(3 * rate.limit)
      expect(rec.statuses.filter((s) => s === 429)).toEqual([])
      expect(new Set(rec.priorities)).toEqual(new Set(['bulk']))
    }
  )
})
