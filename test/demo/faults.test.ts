import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { parseAccountResponse } from '../../electron/main/marketplace/wire/normalise'
import { CLIENT_HEADERS, demo, get } from './helpers'

describe('demo server faults', () => {
  it('latency: answers normally, no sooner than asked', async () => {
    const s = await demo()
    s.faults.inject({ type: 'latency', ms: 150 }, { times: 1 })
    const started = performance.now()
    const r = await get(s, '/api/account/details', { api_key: s.apiKey })
    // A lower bound only: timers never fire early by more than rounding.
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    expect(parseAccountResponse(r.json).ok).toBe(true)
  })

  it('status: HTML, JSON or empty bodies, with Retry-After, `times` times', async () => {
    const s = await demo()
    s.faults.inject({ type: 'status', status: 503, retryAfter: 7 }, { times: 1 })
    s.faults.inject({ type: 'status', status: 502, body: 'json' }, { times: 1 })
    s.faults.inject({ type: 'status', status: 504, body: 'empty' }, { times: 1 })
    const html = await get(s, '/api/account/details', { api_key: s.apiKey })
    expect(html.status).toBe(503)
    // Answered in front of the app (proxy, maintenance): no throttle headers.
    expect(html.headers.get('x-ratelimit-limit')).toBeNull()
    expect(html.headers.get('retry-after')).toBe('7')
    expect(html.headers.get('content-type')).toMatch(/^text\/html/)
    const json = await get(s, '/api/account/details', { api_key: s.apiKey })
    expect({ status: json.status, json: json.json }).toEqual({
      status: 502,
      json: { message: 'Bad Gateway' }
    })
    const empty = await get(s, '/api/account/details', { api_key: s.apiKey })
    expect({ status: empty.status, text: empty.text }).toEqual({ status: 504, text: '' })
    expect((await get(s, '/api/account/details', { api_key: s.apiKey })).status).toBe(200)
  })

  it('truncate: half of a valid JSON body, complete as far as HTTP goes', async () => {
    const s = await demo()
    const whole = await get(s, '/api/items/all', { api_key: s.apiKey })
    s.faults.inject({ type: 'truncate' }, { times: 1 })
    const cut = await get(s, '/api/items/all', { api_key: s.apiKey })
    expect(cut.status).toBe(200)
    expect(cut.json).toBeUndefined()
    expect(cut.text.length).toBeGreaterThan(0)
    expect(whole.text.startsWith(cut.text)).toBe(true)
    expect(Buffer.byteLength(cut.text)).toBe(Math.floor(Buffer.byteLength(whole.text) / 2))
  })

  it('trickle: the whole answer, its head at once and its body in pieces over time', async () => {
    const s = await demo()
    const whole = await get(s, '/api/items/all', { api_key: s.apiKey })
    s.faults.inject({ type: 'trickle', ms: 300, pieces: 6 }, { times: 1 })
    const pieces: number[] = []
    const answer = await new Promise<{ length: string | undefined; text: string }>(
      (resolve, reject) => {
        const req = request(
          `${s.baseUrl}/api/items/all?api_key=${s.apiKey}`,
          { headers: CLIENT_HEADERS },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => {
              chunks.push(c)
              pieces.push(c.length)
            })
            res.on('end', () =>
              resolve({
                length: res.headers['content-length'],
                text: Buffer.concat(chunks).toString('utf8')
              })
            )
          }
        )
        req.on('error', reject)
        req.end()
      }
    )
    expect(answer.text).toBe(whole.text)
    expect(answer.length).toBe(String(Buffer.byteLength(whole.text)))
    // Sent apart in time, so they arrive as separate reads.
    expect(pieces.length).toBeGreaterThanOrEqual(6)
  })

  it('hang: never answers, and close() ends the hanging socket', async () => {
    const s = await demo()
    s.faults.inject({ type: 'hang' })
    const outcome = new Promise<string>((resolve) => {
      const req = request(
        `${s.baseUrl}/api/account/details?api_key=${s.apiKey}`,
        { headers: CLIENT_HEADERS },
        (res) => resolve(`answered ${res.statusCode}`)
      )
      req.on('error', (e: NodeJS.ErrnoException) => resolve(`error ${e.code}`))
      req.end()
    })
    while (!s.requests.some((r) => r.path === '/api/account/details'))
      await new Promise((r) => setTimeout(r, 5))
    await s.close()
    expect(await outcome).toBe('error ECONNRESET')
  })

  it('api-off: a 404 HTML page, or {"message":""} when JSON is asked for', async () => {
    const s = await demo({ mode: 'real' })
    s.faults.inject({ type: 'api-off' })
    const json = await get(s, '/api/items/all', { api_key: s.apiKey })
    expect({ status: json.status, json: json.json }).toEqual({ status: 404, json: { message: '' } })
    const html = await get(
      s,
      '/api/account/details',
      { api_key: s.apiKey },
      { 'User-Agent': 'SellerDesk/test' }
    )
    expect(html.status).toBe(404)
    expect(html.text).toMatch(/^<!DOCTYPE html>/)
    // The app answers it behind its throttle: counted, with the rate-limit headers.
    expect(json.headers.get('x-ratelimit-limit')).toBe('60')
    expect(json.headers.get('x-ratelimit-remaining')).toBe('59')
    expect(html.headers.get('x-ratelimit-remaining')).toBe('58')
    // Media are not part of the API: they still answer.
    expect((await fetch(`${s.baseUrl}/media/profile/avatar.jpg`)).status).toBe(200)
    s.faults.clear()
    expect((await get(s, '/api/items/all', { api_key: s.apiKey })).status).toBe(200)
  })

  it('debug-error: a 500 with exception details, counted by the throttle', async () => {
    const s = await demo({ mode: 'real' })
    s.faults.inject({ type: 'debug-error' }, { times: 1 })
    const r = await get(s, '/api/items/all', { api_key: s.apiKey })
    expect(r.status).toBe(500)
    const body = r.json as Record<string, unknown>
    expect(body['exception']).toMatch(/QueryException/)
    expect(typeof body['file']).toBe('string')
    expect(Array.isArray(body['trace'])).toBe(true)
    expect(r.headers.get('x-ratelimit-remaining')).toBe('59')
  })

  it('banned: account details answer 401, the other endpoints still answer', async () => {
    const s = await demo({ mode: 'real' })
    s.faults.inject({ type: 'banned' })
    const account = await get(s, '/api/account/details', { api_key: s.apiKey })
    expect(account.status).toBe(401)
    expect((account.json as Record<string, unknown>)['msg']).toBe('Invalid request')
    expect(account.headers.get('x-ratelimit-limit')).toBe('60')
    const items = await get(s, '/api/items/all', { api_key: s.apiKey })
    expect(items.status).toBe(200)
    expect(Array.isArray((items.json as Record<string, unknown>)['items'])).toBe(true)
  })

  it('redirect: 302 by default, 301 on request, to the given place', async () => {
    const s = await demo()
    s.faults.inject(
      { type: 'redirect', location: 'https://elsewhere.example/api/items/all' },
      { times: 1 }
    )
    s.faults.inject({ type: 'redirect', location: '/login', status: 301 }, { times: 1 })
    const first = await get(s, '/api/items/all', { api_key: s.apiKey })
    expect(first.status).toBe(302)
    expect(first.headers.get('location')).toBe('https://elsewhere.example/api/items/all')
    const second = await get(s, '/api/items/all', { api_key: s.apiKey })
    expect(second.status).toBe(301)
    expect(second.headers.get('location')).toBe('/login')
  })

  it('html: a 200 HTML page instead of JSON, or another status', async () => {
    const s = await demo()
    s.faults.inject({ type: 'html' }, { times: 1 })
    s.faults.inject({ type: 'html', status: 500 }, { times: 1 })
    const ok = await get(s, '/api/account/details', { api_key: s.apiKey })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toMatch(/^text\/html/)
    expect(ok.json).toBeUndefined()
    expect((await get(s, '/api/account/details', { api_key: s.apiKey })).status).toBe(500)
  })

  it('path: only requests whose path starts with it', async () => {
    const s = await demo()
    s.faults.inject({ type: 'status', status: 500 }, { path: '/api/items' })
    expect((await get(s, '/api/account/details', { api_key: s.apiKey })).status).toBe(200)
    expect((await get(s, '/api/items/all', { api_key: s.apiKey })).status).toBe(500)
    expect((await get(s, '/api/items/item', { api_key: s.apiKey, item_id: '101' })).status).toBe(
      500
    )
    expect((await get(s, '/api/items/all', { api_key: s.apiKey })).status).toBe(500)
    s.faults.clear()
    expect((await get(s, '/api/items/all', { api_key: s.apiKey })).status).toBe(200)
  })
})
