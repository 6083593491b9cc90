import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fetchMedia } from '../../../electron/main/media/fetch-media'
import { MediaCache, type MediaCacheOptions } from '../../../electron/main/media/media-cache'
import { bytesOf, startMediaServer, type MediaTestServer } from '../../support/media-server'

let server: MediaTestServer
let dataDir: string
const caches: MediaCache[] = []

function makeCache(extra: Partial<MediaCacheOptions> = {}): MediaCache {
  const cache = new MediaCache({
    dataDir,
    fetchMedia: (url, options) => fetchMedia(url, options),
    log: { warn: () => {} },
    flushDelayMs: 10,
    ...extra
  })
  caches.push(cache)
  return cache
}

function serve(paths: string[], size: number, type = 'image/jpeg'): string[] {
  paths.forEach((p, i) => server.files.set(p, { type, body: bytesOf(size, i) }))
  return paths.map((p) => `${server.base}${p}`)
}

beforeEach(async () => {
  server = await startMediaServer()
  dataDir = await mkdtemp(join(tmpdir(), 'sd-prefetch-'))
})
afterEach(async () => {
  for (const c of caches.splice(0)) await c.close()
  await server.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('MediaCache prefetch priorities', () => {
  it('fetches every thumbnail before any low-priority image, even ones queued later', async () => {
    server.delayMs = 20
    const thumbs = serve(['/t0.jpg', '/t1.jpg', '/t2.jpg', '/t3.jpg', '/t4.jpg', '/t5.jpg'], 300)
    const previews = serve(['/p0.jpg', '/p1.jpg', '/p2.jpg', '/p3.jpg'], 300)
    const later = serve(['/t6.jpg', '/t7.jpg'], 300)
    const cache = makeCache()
    // Started in the order the catalogue starts them: thumbnails, then the gallery.
    const high = cache.prefetch(thumbs, { concurrency: 2 })
    const low = cache.prefetch(previews, { concurrency: 2, priority: 'low' })
    // A refresh's thumbnails, queued while the first run is still going: they go first too.
    await new Promise((r) => setTimeout(r, 5))
    const high2 = cache.prefetch(later, { concurrency: 2 })
    expect(await high).toEqual({ stored: 6, failed: 0 })
    expect(await high2).toEqual({ stored: 2, failed: 0 })
    expect(await low).toEqual({ stored: 4, failed: 0 })
    const order = [...server.hits.keys()]
    const lastThumb = Math.max(...['/t5.jpg', '/t7.jpg'].map((p) => order.indexOf(p)))
    const firstPreview = Math.min(...['/p0.jpg', '/p1.jpg'].map((p) => order.indexOf(p)))
    expect(order).toHaveLength(12)
    expect(firstPreview).toBeGreaterThan(lastThumb)
  })

  it('stops a run with a fill ratio at that share of the limit, leaving room for the rest', async () => {
    const images = serve(
      Array.from({ length: 10 }, (_, i) => `/g${i}.jpg`),
      1000
    )
    const cache = makeCache({ limitBytes: 10_000 })
    const result = await cache.prefetch(images, { concurrency: 1, priority: 'low', fillRatio: 0.5 })
    expect(result).toEqual({ stored: 5, failed: 0 })
    expect(await cache.stats()).toMatchObject({ bytes: 5000, files: 5 })
    // Nothing was downloaded past the share: the sixth file was never asked for.
    expect(server.hits.has('/g5.jpg')).toBe(false)
    // Thumbnails (no ratio) still fill the cache up to its limit.
    const thumbs = serve(['/t0.jpg', '/t1.jpg', '/t2.jpg'], 1000)
    expect(await cache.prefetch(thumbs)).toEqual({ stored: 3, failed: 0 })
    expect((await cache.stats()).bytes).toBe(8000)
  })

  it('refuses a file larger than the room left under the share, without storing it', async () => {
    const [small, big] = serve(['/small.jpg'], 700).concat(serve(['/big.jpg'], 2000))
    const cache = makeCache({ limitBytes: 4000 })
    expect(await cache.prefetch([small!, big!], { concurrency: 1, fillRatio: 0.5 })).toEqual({
      stored: 1,
      failed: 1
    })
    expect(await cache.stats()).toMatchObject({ bytes: 700, files: 1 })
    const blobs = (await readdir(join(dataDir, 'media'))).filter((n) => n.endsWith('.bin'))
    expect(blobs).toHaveLength(1)
  })

  it('stops waiting and fetching when its signal aborts', async () => {
    server.delayMs = 30
    const thumbs = serve(['/a.jpg', '/b.jpg', '/c.jpg'], 100)
    const previews = serve(['/pa.jpg', '/pb.jpg'], 100)
    const cache = makeCache()
    const stop = new AbortController()
    const high = cache.prefetch(thumbs, { concurrency: 1 })
    const low = cache.prefetch(previews, { priority: 'low', signal: stop.signal })
    stop.abort()
    expect(await low).toEqual({ stored: 0, failed: 0 })
    await high
    expect(server.hits.has('/pa.jpg')).toBe(false)
  })
})

describe('MediaCache offline copies', () => {
  it('says whether a file is kept, and removes a kept copy on request', async () => {
    const [video] = serve(['/clip.webm'], 5000, 'video/webm')
    const [thumb] = serve(['/thumb.jpg'], 300)
    const cache = makeCache()
    cache.allow('c1', [video!, thumb!])
    expect(await cache.offlineState(video!)).toEqual({ kept: false, bytes: null })
    await cache.keepOffline(video!)
    expect(await cache.offlineState(video!)).toEqual({ kept: true, bytes: 5000 })
    expect(await cache.offlineState(`${video!}#t=3`)).toEqual({ kept: true, bytes: 5000 })

    // A thumbnail the grid cached is not a kept copy: releasing it leaves it alone.
    await cache.serve(thumb!)
    expect(await cache.offlineState(thumb!)).toEqual({ kept: false, bytes: null })
    await cache.releaseOffline(thumb!)
    expect((await cache.stats()).files).toBe(2)

    expect(await cache.releaseOffline(video!)).toEqual({ kept: false, bytes: null })
    expect(await cache.offlineState(video!)).toEqual({ kept: false, bytes: null })
    expect(await cache.stats()).toMatchObject({ files: 1, bytes: 300 })

    // Gone after a restart too (the index was written), and streamed again when asked.
    await cache.close()
    const reopened = makeCache()
    expect(await reopened.offlineState(video!)).toEqual({ kept: false, bytes: null })
    expect(await reopened.stats()).toMatchObject({ files: 1 })
  })
})

describe('MediaCache prefetch of a long list', () => {
  it('fetches a file once however its address is spelt, by the spelling main would use', async () => {
    const [plain] = serve(['/same.jpg'], 300)
    const spelt = [plain!, `${plain!}#frag`, plain!.replace('http://', 'HTTP://'), plain!]
    const cache = makeCache()
    expect(await cache.prefetch(spelt, { concurrency: 2 })).toEqual({ stored: 1, failed: 0 })
    expect(server.hits.get('/same.jpg')).toBe(1)
    expect(await cache.stats()).toMatchObject({ files: 1, bytes: 300 })
  })

  it('lets the event loop turn while it sorts out which addresses are stored', async () => {
    let turned = false
    let turnedByFirstFetch: boolean | null = null
    const stop = new AbortController()
    const cache = makeCache({
      fetchMedia: () => {
        turnedByFirstFetch ??= turned
        stop.abort()
        return Promise.reject(new Error('offline'))
      }
    })
    await cache.stats()
    const urls = Array.from({ length: 30_000 }, (_, i) => `https://cdn.example/${i}.jpg`)
    setImmediate(() => (turned = true))
    await cache.prefetch(urls, { concurrency: 1, signal: stop.signal })
    expect(turnedByFirstFetch).toBe(true)
  })
})
