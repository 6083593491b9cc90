import { describe, expect, it } from 'vitest'
import { parseItemsResponse } from '../../electron/main/marketplace/wire/normalise'
import { demo, get } from './helpers'

async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer())
}

describe('demo server media', () => {
  it('serves every media URL the catalogue names, with the right type and real content', async () => {
    const s = await demo({ mode: 'real' })
    const list = parseItemsResponse((await get(s, '/api/items/all', { api_key: s.apiKey })).json)
    if (!list.ok) throw new Error(list.message)
    const urls = new Set<string>()
    for (const item of list.value) {
      for (const u of [
        item.media.thumbnail,
        item.media.preview_image,
        item.media.preview_video,
        item.media.preview_audio,
        ...item.media.screenshots
      ]) {
        if (u) urls.add(u)
      }
    }
    const magic: Record<string, (b: Buffer) => boolean> = {
      'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8,
      'video/webm': (b) => b.readUInt32BE(0) === 0x1a45dfa3,
      'audio/mpeg': (b) =>
        b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)
    }
    const seen = new Set<string>()
    for (const url of urls) {
      const res = await fetch(url)
      expect(res.status, url).toBe(200)
      const type = res.headers.get('content-type')!
      expect(magic[type]?.(await bytes(res)), `${url} as ${type}`).toBe(true)
      seen.add(type)
    }
    expect([...seen].sort()).toEqual(['audio/mpeg', 'image/jpeg', 'video/webm'])
    // Several distinct pictures, not one for all.
    const thumbs = await Promise.all(
      list.value
        .slice(0, 12)
        .map(async (i) => (await fetch(i.media.thumbnail!)).headers.get('etag'))
    )
    expect(new Set(thumbs).size).toBeGreaterThanOrEqual(6)
    for (const path of ['/media/profile/avatar.jpg', '/media/profile/cover.jpg']) {
      expect((await fetch(s.baseUrl + path)).status).toBe(200)
    }
  })

  it('answers 404 for unknown media and 405 for other methods', async () => {
    const s = await demo()
    expect((await fetch(`${s.baseUrl}/media/thumbs/abc.jpg`)).status).toBe(404)
    expect((await fetch(`${s.baseUrl}/media/../package.json`)).status).toBe(404)
    expect((await fetch(`${s.baseUrl}/media/profile/..%2F..%2Fseed.ts.jpg`)).status).toBe(404)
    expect((await fetch(`${s.baseUrl}/media/thumbs/101.jpg`, { method: 'POST' })).status).toBe(405)
  })

  it('supports ETag and Last-Modified revalidation', async () => {
    const s = await demo()
    const url = `${s.baseUrl}/media/previews/105.jpg`
    const first = await fetch(url)
    const etag = first.headers.get('etag')!
    const lastModified = first.headers.get('last-modified')!
    expect(etag).toMatch(/^"[0-9a-f]+"$/)
    expect(Date.parse(lastModified)).not.toBeNaN()
    expect((await fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304)
    expect((await fetch(url, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200)
    expect((await fetch(url, { headers: { 'If-Modified-Since': lastModified } })).status).toBe(304)
    expect(
      (
        await fetch(url, {
          headers: {
            'If-Modified-Since': new Date(Date.parse(lastModified) - 60_000).toUTCString()
          }
        })
      ).status
    ).toBe(200)
  })

  it('serves byte ranges of video and audio (206), refuses impossible ones (416)', async () => {
    const s = await demo()
    for (const path of ['/media/video/114.webm', '/media/audio/120.mp3']) {
      const whole = await bytes(await fetch(s.baseUrl + path))
      const size = whole.length
      const head = await fetch(s.baseUrl + path, { headers: { Range: 'bytes=0-99' } })
      expect(head.status).toBe(206)
      expect(head.headers.get('content-range')).toBe(`bytes 0-99/${size}`)
      expect(head.headers.get('accept-ranges')).toBe('bytes')
      expect((await bytes(head)).equals(whole.subarray(0, 100))).toBe(true)

      const open = await fetch(s.baseUrl + path, { headers: { Range: `bytes=${size - 10}-` } })
      expect(open.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`)
      expect((await bytes(open)).equals(whole.subarray(size - 10))).toBe(true)

      const suffix = await fetch(s.baseUrl + path, { headers: { Range: 'bytes=-5' } })
      expect(suffix.status).toBe(206)
      expect((await bytes(suffix)).equals(whole.subarray(size - 5))).toBe(true)

      const beyond = await fetch(s.baseUrl + path, { headers: { Range: `bytes=${size}-` } })
      expect(beyond.status).toBe(416)
      expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`)

      const stale = await fetch(s.baseUrl + path, {
        headers: { Range: 'bytes=0-9', 'If-Range': '"stale"' }
      })
      expect(stale.status).toBe(200)
      expect((await bytes(stale)).length).toBe(size)
    }
  })

  it('answers HEAD with headers only', async () => {
    const s = await demo()
    const res = await fetch(`${s.baseUrl}/media/audio/121.mp3`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(1000)
    expect((await bytes(res)).length).toBe(0)
  })
})
