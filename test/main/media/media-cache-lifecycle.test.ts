import { getEventListeners } from 'node:events'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fetchMedia } from '../../../electron/main/media/fetch-media'
import { MediaCache } from '../../../electron/main/media/media-cache'
import type { FetchedMedia, MediaFetcher } from '../../../electron/main/media/types'
import { bytesOf, startMediaServer, type MediaTestServer } from '../../support/media-server'

let dataDir: string
let server: MediaTestServer
const caches: MediaCache[] = []

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-media-life-'))
  server = await startMediaServer()
})
afterEach(async () => {
  for (const c of caches.splice(0)) await c.close()
  await server.close()
  await rm(dataDir, { recursive: true, force: true })
})

function makeCache(fetcher: MediaFetcher): MediaCache {
  const cache = new MediaCache({
    dataDir,
    fetchMedia: fetcher,
    log: { warn: () => undefined },
    flushDelayMs: 10
  })
  caches.push(cache)
  return cache
}

const mediaDir = (): string => join(dataDir, 'media')
const blobs = async (): Promise<string[]> =>
  (await readdir(mediaDir())).filter((n) => n.endsWith('.bin')).sort()

/**
 * A media host that sends the headers and a first chunk, then nothing more until the
 * request's signal aborts: a download that is mid-way when the app closes.
 */
function stallingFetcher(): {
  fetcher: MediaFetcher
  firstChunkSent: Promise<void>
  calls: AbortSignal[]
} {
  const calls: AbortSignal[] = []
  let chunkSent: () => void = () => undefined
  const firstChunkSent = new Promise<void>((resolve) => (chunkSent = resolve))
  const fetcher: MediaFetcher = async (_url, options) => {
    const signal = options.signal!
    calls.push(signal)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytesOf(1000, 7))
        signal.addEventListener('abort', () => controller.error(new Error('aborted')), {
          once: true
        })
      },
      pull() {
        chunkSent()
        return new Promise<void>(() => undefined)
      }
    })
    const answer: FetchedMedia = { status: 200, headers: { 'content-type': 'image/png' }, body }
    return answer
  }
  return { fetcher, firstChunkSent, calls }
}

describe('MediaCache close()', () => {
  it('aborts a download under way and waits for it: no temp file is left and nothing is written after', async () => {
    const { fetcher, firstChunkSent, calls } = stallingFetcher()
    const cache = makeCache(fetcher)
    let prefetchSettled = false
    const prefetching = cache.prefetch(['https://market.example/a.png']).finally(() => {
      prefetchSettled = true
    })
    await firstChunkSent
    // The download is writing its temp file now.
    expect((await readdir(mediaDir())).some((n) => n.endsWith('.tmp'))).toBe(true)

    await cache.close()
    expect(calls[0]!.aborted).toBe(true)
    expect(prefetchSettled).toBe(true)
    expect(await readdir(mediaDir())).toEqual(['index.json'])
    expect(await prefetching).toEqual({ stored: 0, failed: 1 })
    // The folder can go at once, as the tests' cleanup and an uninstall do.
    await rm(dataDir, { recursive: true })
    expect(await readdir(dataDir).catch((e: NodeJS.ErrnoException) => e.code)).toBe('ENOENT')
  })

  it('refuses work after close and is safe to call twice', async () => {
    const cache = makeCache((url, options) => fetchMedia(url, options))
    cache.allow('c1', [`${server.base}/x.png`])
    await cache.close()
    await cache.close()
    expect((await cache.serve(`${server.base}/x.png`)).status).toBe(503)
    expect(await cache.prefetch([`${server.base}/x.png`])).toEqual({ stored: 0, failed: 0 })
    expect(server.hits.size).toBe(0)
  })
})

describe('MediaCache abort listeners', () => {
  it('leaves no listener on a prefetch signal shared by many downloads', async () => {
    const urls = Array.from({ length: 15 }, (_, i) => `${server.base}/t${i}.png`)
    urls.forEach((u, i) =>
      server.files.set(new URL(u).pathname, { type: 'image/png', body: bytesOf(300, i) })
    )
    const cache = makeCache((url, options) => fetchMedia(url, options))
    const shared = new AbortController()
    const warnings: string[] = []
    const onWarning = (w: Error): void => {
      warnings.push(w.name)
    }
    process.on('warning', onWarning)
    try {
      expect(await cache.prefetch(urls, { concurrency: 4, signal: shared.signal })).toEqual({
        stored: 15,
        failed: 0
      })
    } finally {
      process.off('warning', onWarning)
    }
    expect(getEventListeners(shared.signal, 'abort')).toHaveLength(0)
    expect(warnings).not.toContain('MaxListenersExceededWarning')
  })
})

describe('MediaCache forget(connection)', () => {
  it('deletes the files only that connection used and stops fetching its addresses; shared files stay', async () => {
    for (const name of ['only-a', 'shared', 'only-b'])
      server.files.set(`/${name}.png`, { type: 'image/png', body: bytesOf(400, name.length) })
    const url = (name: string): string => `${server.base}/${name}.png`
    const cache = makeCache((u, options) => fetchMedia(u, options))
    await cache.prefetch([url('only-a'), url('shared')], { owner: 'a' })
    await cache.prefetch([url('shared'), url('only-b')], { owner: 'b' })
    cache.allow('a', [url('only-a'), url('shared'), `${server.base}/never-fetched.png`])
    expect(await blobs()).toHaveLength(3)

    await cache.forget('a')
    expect(await blobs()).toHaveLength(2)
    expect((await cache.serve(url('only-a'))).status).toBe(404)
    expect((await cache.serve(url('shared'))).status).toBe(200)
    expect((await cache.serve(url('only-b'))).status).toBe(200)
    // No longer allowed for anyone: not fetched.
    expect((await cache.serve(`${server.base}/never-fetched.png`)).status).toBe(404)
    expect(server.hits.get('/never-fetched.png')).toBeUndefined()

    // The index on disk agrees (a restart does not bring the file back).
    await cache.close()
    const index = JSON.parse(await readFile(join(mediaDir(), 'index.json'), 'utf8')) as {
      body: { entries: Record<string, { owners?: string[] }> }
    }
    expect(Object.values(index.body.entries).map((e) => e.owners)).toEqual([['b'], ['b']])
  })
})
