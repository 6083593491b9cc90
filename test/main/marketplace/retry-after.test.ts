import { describe, expect, it } from 'vitest'
import {
  parseRateLimitReset,
  parseRetryAfter,
  rateLimitFrom,
  retryAfterFrom
} from '../../../electron/main/marketplace/retry-after'

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0)
const headers = (h: Record<string, string>): Headers => new Headers(h)

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('30', NOW)).toBe(30_000)
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0)
    expect(parseRetryAfter('1.5', NOW)).toBe(1500)
  })

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Wed, 15 Jan 2025 12:00:42 GMT', NOW)).toBe(42_000)
    expect(parseRetryAfter('Wed, 15 Jan 2025 11:00:00 GMT', NOW)).toBe(0)
  })

  it('ignores what it cannot read, and caps absurd waits at a day', () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined()
    expect(parseRetryAfter('', NOW)).toBeUndefined()
    expect(parseRetryAfter('-5', NOW)).toBeUndefined()
    expect(parseRetryAfter('soon', NOW)).toBeUndefined()
    expect(parseRetryAfter('99999999', NOW)).toBe(24 * 60 * 60 * 1000)
  })
})

describe('parseRateLimitReset', () => {
  it('tells a Unix time in seconds, one in milliseconds and a delay apart', () => {
    expect(parseRateLimitReset(String(NOW / 1000 + 17), NOW)).toBe(17_000)
    expect(parseRateLimitReset(String(NOW + 2500), NOW)).toBe(2500)
    expect(parseRateLimitReset('12', NOW)).toBe(12_000)
    expect(parseRateLimitReset(String(NOW / 1000 - 10), NOW)).toBe(0)
    expect(parseRateLimitReset('x', NOW)).toBeUndefined()
  })
})

describe('retryAfterFrom', () => {
  it('prefers Retry-After and falls back to X-RateLimit-Reset', () => {
    expect(
      retryAfterFrom(
        headers({ 'Retry-After': '3', 'X-RateLimit-Reset': String(NOW / 1000 + 50) }),
        NOW
      )
    ).toBe(3000)
    expect(retryAfterFrom(headers({ 'X-RateLimit-Reset': String(NOW / 1000 + 50) }), NOW)).toBe(
      50_000
    )
    expect(retryAfterFrom(headers({}), NOW)).toBeUndefined()
  })
})

describe('rateLimitFrom', () => {
  it('reads limit and remaining, or nothing when either is missing or garbage', () => {
    expect(
      rateLimitFrom(headers({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '59' }))
    ).toEqual({ limit: 60, remaining: 59 })
    expect(rateLimitFrom(headers({ 'X-RateLimit-Limit': '60' }))).toBeNull()
    expect(
      rateLimitFrom(headers({ 'X-RateLimit-Limit': '0', 'X-RateLimit-Remaining': '0' }))
    ).toBeNull()
    expect(
      rateLimitFrom(headers({ 'X-RateLimit-Limit': 'lots', 'X-RateLimit-Remaining': '3' }))
    ).toBeNull()
  })
})
