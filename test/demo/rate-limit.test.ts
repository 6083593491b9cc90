import { describe, expect, it } from 'vitest'
import { demo, get } from './helpers'

describe('demo server, real mode: default rate limit', () => {
  it('answers 60 requests a minute and refuses the 61st with 429 and Retry-After', async () => {
    const s = await demo({ mode: 'real' })
    const statuses: number[] = []
    const remaining: string[] = []
    for (let i = 0; i < 60; i++) {
      // Errors count too: every third request uses a bad key.
      const r = await get(s, '/api/items/all', { api_key: i % 3 === 0 ? 'bad' : s.apiKey })
      statuses.push(r.status)
      remaining.push(r.headers.get('x-ratelimit-remaining') ?? '')
    }
    expect(statuses.filter((x) => x === 429)).toEqual([])
    expect(remaining[0]).toBe('59')
    expect(remaining[59]).toBe('0')
    const sixtyFirst = await get(s, '/api/account/details', { api_key: s.apiKey })
    expect(sixtyFirst.status).toBe(429)
    expect(sixtyFirst.headers.get('x-ratelimit-limit')).toBe('60')
    expect(Number(sixtyFirst.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(sixtyFirst.headers.get('x-ratelimit-reset')).toMatch(/^\d{10}$/)
  })

  it('does not limit spec mode', async () => {
    const s = await demo()
    for (let i = 0; i < 61; i++) {
      const r = await get(s, '/api/account/details', { api_key: s.apiKey })
      expect(r.status).toBe(200)
    }
  })
})
