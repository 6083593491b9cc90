import { afterEach, describe, expect, it } from 'vitest'
import { createPacer, type Pacer } from '../../../electron/main/marketplace/pacer'
import { MarketplaceError } from '../../../electron/main/marketplace/errors'
import { fetchMedia } from '../../../electron/main/media/fetch-media'
import { pacedMediaFetcher } from '../../../electron/main/media/paced-fetch'
import { KEY, startFixture, type Fixture } from '../../support/marketplace-fixture'

const fixtures: Fixture[] = []
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.close()))
})

async function serve(handler: Parameters<typeof startFixture>[0]): Promise<Fixture> {
  const f = await startFixture(handler)
  fixtures.push(f)
  return f
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

/** A pacer that counts the slots it hands out. */
function countingPacer(): { pacer: Pacer; acquired: () => number } {
  const inner = createPacer()
  let n = 0
  return {
    acquired: () => n,
    pacer: {
      ...inner,
      acquire: (o) => {
        n += 1
        return inner.acquire(o)
      }
    }
  }
}

async function bytesOf(body: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer())
}

describe('fetchMedia', () => {
  it('returns status, the useful headers and the bytes, sending no key and no cookie', async () => {
    const api = await serve((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'image/png',
        ETag: '"v1"',
        'Set-Cookie': 'laravel_session=x'
      })
      res.end(PNG)
    })
    const cdn = await serve((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'image/png',
        'Content-Length': String(PNG.length),
        'Last-Modified': 'Wed, 15 Jan 2025 12:00:00 GMT'
      })
      res.end(PNG)
    })
    const { pacer, acquired } = countingPacer()
    // The one media path: a marketplace on loopback (so its own addresses may be reached
    // through the address guard); media under its /api/ paced, static files and other
    // hosts not.
    const fetcher = pacedMediaFetcher({
      sites: async () => [api.url],
      pacerFor: () => pacer,
      localOwners: async () => true
    })
    const own = await fetcher(`${api.url}/api/items/t.png?v=2`, {})
    expect(own).toMatchObject({
      status: 200,
      headers: { 'content-type': 'image/png', etag: '"v1"' }
    })
    expect(Buffer.from(await bytesOf(own.body)).equals(PNG)).toBe(true)
    const again = await fetcher(`${api.url}/api/items/t.png`, {})
    await bytesOf(again.body)
    expect(acquired()).toBe(2)

    const other = await fetcher(`${cdn.url}/t.png`, {})
    expect(other.headers).toMatchObject({
      'content-length': String(PNG.length),
      'last-modified': 'Wed, 15 Jan 2025 12:00:00 GMT'
    })
    expect(Buffer.from(await bytesOf(other.body)).equals(PNG)).toBe(true)
    expect(acquired()).toBe(2)

    for (const r of [...api.requests, ...cdn.requests]) {
      expect(r.headers.cookie).toBeUndefined()
      expect(r.headers.authorization).toBeUndefined()
      expect(r.url.search).not.toContain(KEY)
      expect(JSON.stringify(r.headers)).not.toContain(KEY)
      expect(r.headers['user-agent']).toMatch(/^SellerDesk\//)
    }
    expect(api.requests[0]!.url.search).toBe('?v=2')

    // A static file on the marketplace's own origin: the throttle never sees it.
    await bytesOf((await fetcher(`${api.url}/storage/items/t.png`, {})).body)
    expect(acquired()).toBe(2)
    expect(api.requests).toHaveLength(3)
  })

  it('reaches a loopback address only for a file named by a marketplace on one', async () => {
    const f = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' })
      res.end(PNG)
    })
    const fetcher = pacedMediaFetcher({
      sites: async () => [],
      localOwners: async (owners) => owners.includes('dev-shop')
    })
    await expect(fetcher(`${f.url}/t.png`, { owners: ['public-shop'] })).rejects.toMatchObject({
      kind: 'blocked'
    })
    await expect(fetcher(`${f.url}/t.png`, {})).rejects.toMatchObject({ kind: 'blocked' })
    expect(f.requests).toHaveLength(0)
    const ok = await fetcher(`${f.url}/t.png`, { owners: ['public-shop', 'dev-shop'] })
    expect(ok.status).toBe(200)
    expect(Buffer.from(await bytesOf(ok.body)).equals(PNG)).toBe(true)
  })

  it('passes a byte Range through and returns 206 with Content-Range as a stream', async () => {
    const data = Buffer.alloc(1000, 7)
    const f = await serve((req, res) => {
      const m = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range))
      if (!m) {
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Accept-Ranges': 'bytes' })
        return res.end(data)
      }
      const [start, end] = [Number(m[1]), Number(m[2])]
      res.writeHead(206, {
        'Content-Type': 'video/mp4',
        'Content-Range': `bytes ${start}-${end}/${data.length}`,
        'Accept-Ranges': 'bytes'
      })
      res.end(data.subarray(start, end + 1))
    })
    const r = await fetchMedia(`${f.url}/v.mp4`, { range: 'bytes=100-199' })
    expect(r.status).toBe(206)
    expect(r.headers).toMatchObject({
      'content-range': 'bytes 100-199/1000',
      'accept-ranges': 'bytes'
    })
    expect(r.body).not.toBeNull()
    let total = 0
    for await (const chunk of r.body!) total += chunk.byteLength
    expect(total).toBe(100)
    // Anything that is not a byte range is not forwarded.
    await (await fetchMedia(`${f.url}/v.mp4`, { range: 'items=1-2' })).bytes()
    expect(f.requests[1]!.headers.range).toBeUndefined()
  })

  it('follows up to three redirects to any origin, then gives up', async () => {
    const target = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' })
      res.end(PNG)
    })
    const hops = await serve((req, res) => {
      const n = Number(req.url.searchParams.get('n'))
      res.writeHead(302, { Location: n > 0 ? `/hop?n=${n - 1}` : `${target.url}/final.png` })
      res.end()
    })
    const r = await fetchMedia(`${hops.url}/hop?n=2`)
    expect(r.status).toBe(200)
    expect(r.url).toBe(`${target.url}/final.png`)
    expect(target.requests[0]!.headers.cookie).toBeUndefined()
    const e = await fetchMedia(`${hops.url}/hop?n=3`).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(MarketplaceError)
    expect((e as MarketplaceError).kind).toBe('bad-response')
  })

  it('returns a 404 as an answer without a body', async () => {
    const f = await serve((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/html' })
      res.end('<html>gone</html>')
    })
    const r = await fetchMedia(`${f.url}/gone.png`)
    expect(r.status).toBe(404)
    expect(r.body).toBeNull()
    expect((await r.bytes()).byteLength).toBe(0)
  })

  it('caps the bytes: by Content-Length up front, and by counting a stream that lies', async () => {
    const f = await serve((req, res) => {
      if (req.url.pathname === '/declared') {
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(10_000) })
        return res.end(Buffer.alloc(10_000))
      }
      res.writeHead(200, { 'Content-Type': 'video/mp4' })
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1000))
      res.end()
    })
    await expect(fetchMedia(`${f.url}/declared`, { maxBytes: 5000 })).rejects.toMatchObject({
      kind: 'bad-response'
    })
    const r = await fetchMedia(`${f.url}/chunked`, { maxBytes: 5000 })
    await expect(r.bytes()).rejects.toMatchObject({ kind: 'bad-response' })
  })

  it('refuses anything but http(s)', async () => {
    for (const url of [
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'nonsense'
    ]) {
      await expect(fetchMedia(url)).rejects.toMatchObject({ kind: 'invalid-input' })
    }
  })

  it('times out waiting for headers, and honours the caller signal', async () => {
    const f = await serve(() => undefined)
    await expect(fetchMedia(`${f.url}/slow.png`, { timeoutMs: 200 })).rejects.toMatchObject({
      kind: 'timeout'
    })
    await expect(
      fetchMedia(`${f.url}/slow.png`, { signal: AbortSignal.timeout(100) })
    ).rejects.toMatchObject({ kind: 'aborted' })
  })
})
