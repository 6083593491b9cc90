import { describe, expect, it } from 'vitest'
import { bearerToken, newToken, tokenMatches } from '../../electron/host/token'

describe('the token', () => {
  it('is 32 random bytes in base64url, different every launch', () => {
    const a = newToken()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(a, 'base64url')).toHaveLength(32)
    expect(newToken()).not.toBe(a)
  })

  it('matches only itself', () => {
    const t = newToken()
    expect(tokenMatches(t, t)).toBe(true)
    expect(tokenMatches(t, `${t}x`)).toBe(false)
    expect(tokenMatches(t, t.slice(0, -1))).toBe(false)
    expect(tokenMatches(t, '')).toBe(false)
    expect(tokenMatches(t, null)).toBe(false)
    expect(bearerToken(`Bearer ${t}`)).toBe(t)
    expect(bearerToken(`Basic ${t}`)).toBeNull()
    expect(bearerToken(undefined)).toBeNull()
  })
})
