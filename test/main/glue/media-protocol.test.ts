import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MEDIA_SCHEME, mediaProtocolUrl } from '../../../shared/media-url'
import { fetchMedia } from '../../../electron/main/media/fetch-media'
import { MediaCache } from '../../../electron/main/media/media-cache'
import { handleMediaProtocol } from '../../../electron/main/glue/media-protocol'
import { registerPrivilegedSchemes } from '../../../electron/main/glue/schemes'
import { bytesOf, startMediaServer, type MediaTestServer } from '../../support/media-server'

// The sd-media: handler Electron would call, driven with real Requests and answered by a
// real MediaCache in a temporary folder, fetching from a real local HTTP server.

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

let server: MediaTestServer
let dataDir: string
let cache: MediaCache
const png = bytesOf(3000, 7)

beforeAll(async () => {
  server = await startMediaServer()
  server.files.set('/thumb.png', { type: 'image/png', body: png })
  server.files.set('/secret.png', { type: 'image/png', body: bytesOf(100, 1) })
  dataDir = await mkdtemp(join(tmpdir(), 'sd-glue-media-'))
  cache = new MediaCache({
    dataDir,
    fetchMedia: (url, o) => fetchMedia(url, o),
    log: { warn: () => undefined },
    flushDelayMs: 10
  })
  cache.allow('c1', [`${server.base}/thumb.png`])
  registerPrivilegedSchemes()
  handleMediaProtocol(cache)
})

afterAll(async () => {
  await cache.close()
  await server.close().catch(() => undefined)
  await rm(dataDir, { recursive: true, force: true })
})

const handler = () => {
  const h = fake.protocolHandlers.get(MEDIA_SCHEME)
  if (!h) throw new Error('sd-media is not handled')
  return h
}
const get = (url: string, init?: RequestInit) => handler()(new Request(url, init))

describe('registerPrivilegedSchemes', () => {
  it('gives sd-media exactly the privileges media needs, and no more', () => {
    expect(
      fake.privilegedSchemes.filter((s) => (s as { scheme: string }).scheme === 'sd-media')
    ).toEqual([
      {
        scheme: 'sd-media',
        privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true }
      }
    ])
  })
})

describe('the sd-media handler', () => {
  it('answers an allowed file, then the cached bytes once the marketplace is gone', async () => {
    const url = mediaProtocolUrl(`${server.base}/thumb.png`)
    const first = await get(url)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/png')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(png)
    expect(server.hits.get('/thumb.png')).toBe(1)

    await server.close()
    const cached = await get(url)
    expect(cached.status).toBe(200)
    expect(new Uint8Array(await cached.arrayBuffer())).toEqual(png)

    const ranged = await get(url, { headers: { range: 'bytes=10-19' } })
    expect(ranged.status).toBe(206)
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(png.subarray(10, 20))

    const head = await get(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body).toBeNull()
    expect(server.hits.get('/thumb.png')).toBe(1)
  })

  // Functions: the test server's address is known only once it runs.
  it.each<[string, () => string]>([
    [
      'an address no marketplace answer named',
      () => mediaProtocolUrl('https://elsewhere.example/a.png')
    ],
    ['a file of the same server not named', () => mediaProtocolUrl(`${server.base}/secret.png`)],
    ['a file on disk', () => mediaProtocolUrl('file:///etc/passwd')],
    [
      'another host of the scheme',
      () => `sd-media://other/?u=${encodeURIComponent(`${server.base}/thumb.png`)}`
    ],
    ['no address at all', () => 'sd-media://media/'],
    ['an empty address', () => 'sd-media://media/?u=']
  ])('answers 404 for %s', async (_what, url) => {
    const answer = await get(url())
    expect(answer.status).toBe(404)
    expect(await answer.arrayBuffer()).toHaveProperty('byteLength', 0)
  })

  it('answers only GET and HEAD', async () => {
    const answer = await get(mediaProtocolUrl(`${server.base}/thumb.png`), {
      method: 'POST',
      body: 'x'
    })
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('GET, HEAD')
  })
})
