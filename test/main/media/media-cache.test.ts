import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fetchMedia } from '../../../electron/main/media/fetch-media'
import { MediaCache, type MediaCacheOptions } from '../../../electron/main/media/media-cache'
import { parseRange } from '../../../electron/main/media/range'
import {
  bodyBytes,
  bytesOf,
  startMediaServer,
  type MediaTestServer
} from '../../support/media-server'

let server: MediaTestServer
let dataDir: string
let warnings: string[]
const caches: MediaCache[] = []

function makeCache(extra: Partial<MediaCacheOptions> = {}): MediaCache {
  const cache = new MediaCache({
    dataDir,
    fetchMedia: (url, options) => fetchMedia(url, options),
    log: { warn: (m) => warnings.push(m) },
    flushDelayMs: 10,
    ...extra
  })
  caches.push(cache)
  return cache
}

beforeEach(async () => {
  server = await startMediaServer()
  dataDir = await mkdtemp(join(tmpdir(), 'sd-media-'))
  warnings = []
})
afterEach(async () => {
  for (const c of caches.splice(0)) await c.close()
  await server.close()
  await rm(dataDir, { recursive: true, force: true })
})

const blobsOnDisk = async (): Promise<string[]> =>
  (await readdir(join(dataDir, 'media'))).filter((n) => n.endsWith('.bin'))

describe('parseRange', () => {
  it('reads the single ranges browsers send and ignores the rest', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 })
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull()
    expect(parseRange('items=0-1', 1000)).toBeNull()
    expect(parseRange(undefined, 1000)).toBeNull()
  })
})

describe('MediaCache', () => {
  it('fetches only allowed addresses: anything else is 404 without a request', async () => {
    server.files.set('/a.png', { type: 'image/png', body: bytesOf(500, 1) })
    const cache = makeCache()
    const answer = await cache.serve(`${server.base}/a.png`)
    expect(answer.status).toBe(404)
    expect(server.hits.size).toBe(0)
    expect((await cache.serve('file:///etc/passwd')).status).toBe(404)
    expect((await cache.serve('not a url')).status).toBe(404)
  })

  it('downloads an image once, then serves it from disk, offline and after a restart too', async () => {
    const png = bytesOf(3000, 2)
    server.files.set('/thumb.png', { type: 'image/png', body: png })
    const url = `${server.base}/thumb.png`
    const cache = makeCache()
    cache.allow('c1', [url])

    const first = await cache.serve(url)
    expect(first.status).toBe(200)
    expect(first.headers['content-type']).toBe('image/png')
    expect(first.headers['content-length']).toBe('3000')
    expect(await bodyBytes(first.body)).toEqual(png)
    const second = await cache.serve(url)
    expect(await bodyBytes(second.body)).toEqual(png)
    expect(server.hits.get('/thumb.png')).toBe(1)

    const ranged = await cache.serve(url, { range: 'bytes=10-19' })
    expect(ranged.status).toBe(206)
    expect(ranged.headers['content-range']).toBe('bytes 10-19/3000')
    expect(await bodyBytes(ranged.body)).toEqual(png.subarray(10, 20))
    expect((await cache.serve(url, { range: 'bytes=5000-' })).status).toBe(416)

    await cache.close()
    await server.close()
    // A fresh process: no allow list yet, the marketplace unreachable.
    const restarted = makeCache()
    const offline = await restarted.serve(url)
    expect(offline.status).toBe(200)
    expect(await bodyBytes(offline.body)).toEqual(png)
    expect((await restarted.stats()).files).toBe(1)
  })

  it('answers 504 for an uncached image while offline, and does not store anything', async () => {
    const url = `${server.base}/gone.png`
    await server.close()
    const cache = makeCache()
    cache.allow('c1', [url])
    expect((await cache.serve(url)).status).toBe(504)
    expect((await cache.stats()).files).toBe(0)
  })

  it('refuses HTML and other non-media types, and oversized images', async () => {
    server.files.set('/page', {
      type: 'text/html; charset=utf-8',
      body: new TextEncoder().encode('<script>1</script>')
    })
    server.files.set('/big.png', { type: 'image/png', body: bytesOf(5000, 3) })
    server.files.set('/missing-type', { type: '', body: bytesOf(10, 3) })
    const cache = makeCache({ maxImageBytes: 4000 })
    cache.allow('c1', [
      `${server.base}/page`,
      `${server.base}/big.png`,
      `${server.base}/missing-type`,
      `${server.base}/nope.png`
    ])
    expect((await cache.serve(`${server.base}/page`)).status).toBe(415)
    expect((await cache.serve(`${server.base}/missing-type`)).status).toBe(415)
    expect((await cache.serve(`${server.base}/big.png`)).status).toBe(502)
    expect((await cache.serve(`${server.base}/nope.png`)).status).toBe(404)
    expect((await cache.stats()).files).toBe(0)
    await cache.close()
    expect(await blobsOnDisk()).toEqual([])
  })

  it('streams video with the Range passed on, and stores it only when kept offline', async () => {
    const mp4 = bytesOf(200_000, 4)
    server.files.set('/clip.mp4', { type: 'video/mp4', body: mp4 })
    const url = `${server.base}/clip.mp4`
    const cache = makeCache()
    cache.allow('c1', [url])

    const part = await cache.serve(url, { range: 'bytes=1000-1999' })
    expect(part.status).toBe(206)
    expect(part.headers['content-range']).toBe('bytes 1000-1999/200000')
    expect(part.headers['content-type']).toBe('video/mp4')
    expect(await bodyBytes(part.body)).toEqual(mp4.subarray(1000, 2000))
    expect(server.ranges).toEqual(['bytes=1000-1999'])
    const whole = await cache.serve(url)
    expect(await bodyBytes(whole.body)).toEqual(mp4)
    expect((await cache.stats()).files).toBe(0)

    expect(await cache.keepOffline(url)).toEqual({ bytes: 200_000, contentType: 'video/mp4' })
    await cache.close()
    await server.close()
    const offline = makeCache()
    const seek = await offline.serve(url, { range: 'bytes=150000-' })
    expect(seek.status).toBe(206)
    expect(seek.headers['content-range']).toBe('bytes 150000-199999/200000')
    expect(await bodyBytes(seek.body)).toEqual(mp4.subarray(150_000))
    const full = await offline.serve(url)
    expect(full.status).toBe(200)
    expect(await bodyBytes(full.body)).toEqual(mp4)
  })

  it('refuses to keep an address the marketplace never sent', async () => {
    const cache = makeCache()
    await expect(cache.keepOffline(`${server.base}/clip.mp4`)).rejects.toMatchObject({
      kind: 'not-found'
    })
    expect(server.hits.size).toBe(0)
  })

  it('evicts the least recently used files to stay within the limit; kept files go last', async () => {
    const urls = Array.from({ length: 6 }, (_, i) => `${server.base}/i${i}.png`)
    urls.forEach((u, i) =>
      server.files.set(new URL(u).pathname, { type: 'image/png', body: bytesOf(3000, i) })
    )
    server.files.set('/song.mp3', { type: 'audio/mpeg', body: bytesOf(3000, 9) })
    const cache = makeCache({ limitBytes: 10_000 })
    cache.allow('c1', [...urls, `${server.base}/song.mp3`])

    await cache.keepOffline(`${server.base}/song.mp3`)
    for (const u of urls.slice(0, 3)) await cache.serve(u)
    // Touch i0 so i1 becomes the oldest plain image.
    await cache.serve(urls[0]!)
    for (const u of urls.slice(3)) {
      await cache.serve(u)
      const s = await cache.stats()
      expect(s.bytes).toBeLessThanOrEqual(10_000)
    }
    const stats = await cache.stats()
    expect(stats).toEqual({ bytes: 9000, files: 3, limitBytes: 10_000 })
    await cache.flush()
    expect(await blobsOnDisk()).toHaveLength(3)

    const hitsBefore = new Map(server.hits)
    // Kept audio and the two newest images are still local; the others are fetched again.
    for (const u of [`${server.base}/song.mp3`, urls[4]!, urls[5]!]) await cache.serve(u)
    expect(server.hits).toEqual(hitsBefore)
    await cache.serve(urls[1]!)
    expect(server.hits.get('/i1.png')).toBe(2)
  })

  it('lowering the limit evicts at once', async () => {
    const urls = Array.from({ length: 4 }, (_, i) => `${server.base}/j${i}.png`)
    urls.forEach((u, i) =>
      server.files.set(new URL(u).pathname, { type: 'image/png', body: bytesOf(2000, i) })
    )
    const cache = makeCache()
    cache.allow('c1', urls)
    for (const u of urls) await cache.serve(u)
    await cache.setLimit(4500)
    expect(await cache.stats()).toEqual({ bytes: 4000, files: 2, limitBytes: 4500 })
    // The seller's choice outlives a restart; the constructor's default does not override it.
    await cache.close()
    const reopened = makeCache({ limitBytes: 1_000_000 })
    expect(await reopened.stats()).toEqual({ bytes: 4000, files: 2, limitBytes: 4500 })
  })

  it('prefetches with at most the given concurrency, skipping what is stored', async () => {
    server.delayMs = 40
    const urls = Array.from({ length: 12 }, (_, i) => `${server.base}/p${i}.jpg`)
    urls.forEach((u, i) =>
      server.files.set(new URL(u).pathname, { type: 'image/jpeg', body: bytesOf(800, i) })
    )
    const cache = makeCache()
    const result = await cache.prefetch([...urls, urls[0]!, `${server.base}/missing.jpg`], {
      concurrency: 4
    })
    expect(result).toEqual({ stored: 12, failed: 1 })
    expect(server.maxConcurrent).toBeLessThanOrEqual(4)
    expect(server.maxConcurrent).toBeGreaterThan(1)
    expect((await cache.stats()).files).toBe(12)
    const again = await cache.prefetch(urls)
    expect(again).toEqual({ stored: 0, failed: 0 })
    expect(server.hits.get('/p0.jpg')).toBe(1)
  })

  it('recovers from a corrupt index and from files the index never listed', async () => {
    server.files.set('/k.png', { type: 'image/png', body: bytesOf(100, 1) })
    const url = `${server.base}/k.png`
    const cache = makeCache()
    cache.allow('c1', [url])
    await cache.serve(url)
    await cache.close()
    await writeFile(
      join(dataDir, 'media', 'index.json'),
      '{"format":1,"kind":"media-index","body":{"entr'
    )
    await writeFile(join(dataDir, 'media', `${'a'.repeat(64)}.bin`), 'stray')

    const reopened = makeCache()
    expect(await reopened.stats()).toEqual({ bytes: 0, files: 0, limitBytes: 500_000_000 })
    expect(warnings.join('\n')).toMatch(/discarding media-index file: not valid JSON/)
    expect(warnings.join('\n')).toMatch(/removed 2 cached file/)
    expect(await blobsOnDisk()).toEqual([])
    reopened.allow('c1', [url])
    expect((await reopened.serve(url)).status).toBe(200)
    expect(server.hits.get('/k.png')).toBe(2)
  })

  it('fetches again when a stored file vanished, and clear() empties everything', async () => {
    server.files.set('/v.png', { type: 'image/png', body: bytesOf(100, 5) })
    const url = `${server.base}/v.png`
    const cache = makeCache()
    cache.allow('c1', [url])
    await cache.serve(url)
    for (const name of await blobsOnDisk()) await rm(join(dataDir, 'media', name))
    const again = await cache.serve(url)
    expect(again.status).toBe(200)
    expect(await bodyBytes(again.body)).toEqual(bytesOf(100, 5))
    expect(server.hits.get('/v.png')).toBe(2)

    await cache.clear()
    expect(await cache.stats()).toMatchObject({ bytes: 0, files: 0 })
    expect(await blobsOnDisk()).toEqual([])
  })

  it('fetches again when a stored file changed size behind its back, whole or by range, after a restart too', async () => {
    const whole = bytesOf(3000, 6)
    const ranged = bytesOf(5000, 8)
    server.files.set('/s.png', { type: 'image/png', body: whole })
    server.files.set('/r.png', { type: 'image/png', body: ranged })
    const wholeUrl = `${server.base}/s.png`
    const rangedUrl = `${server.base}/r.png`
    const cache = makeCache()
    cache.allow('c1', [wholeUrl, rangedUrl])
    await cache.serve(wholeUrl)
    await cache.serve(rangedUrl)
    await cache.close()
    for (const name of await blobsOnDisk()) await truncate(join(dataDir, 'media', name), 100)

    const reopened = makeCache()
    reopened.allow('c1', [wholeUrl, rangedUrl])
    const answer = await reopened.serve(wholeUrl)
    expect(answer.status).toBe(200)
    expect(await bodyBytes(answer.body)).toEqual(whole)
    expect(server.hits.get('/s.png')).toBe(2)
    const part = await reopened.serve(rangedUrl, { range: 'bytes=4000-4099' })
    expect(part.status).toBe(206)
    expect(await bodyBytes(part.body)).toEqual(ranged.subarray(4000, 4100))
    expect(server.hits.get('/r.png')).toBe(2)
    expect(warnings.filter((w) => w.includes('missing or unreadable'))).toHaveLength(2)
  })

  it('sends an SVG with a policy that stops it running script', async () => {
    server.files.set('/logo.svg', {
      type: 'image/svg+xml',
      body: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')
    })
    const url = `${server.base}/logo.svg`
    const cache = makeCache()
    cache.allow('c1', [url])
    const answer = await cache.serve(url)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'")
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
  })
})
