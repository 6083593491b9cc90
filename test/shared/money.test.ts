import { describe, expect, it } from 'vitest'
import { formatCents, formatDelta, toCents } from '../../shared/money'

describe('money in cents', () => {
  it('reads balances as real installs send them', () => {
    expect(toCents(1284.5700000000002)).toBe(128457)
    expect(toCents('1284.5700000000002')).toBe(128457)
    expect(toCents(1284.5699999999999)).toBe(128457)
    expect(toCents('-12.5')).toBe(-1250)
    expect(toCents(' 0.1 ')).toBe(10)
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents(-0.001)).toBe(0)
    expect(Object.is(toCents(-0.001), -0)).toBe(false)
  })

  it('refuses what is not a number', () => {
    for (const bad of ['', 'abc', '1,284.57', '1e3', 'NaN', Number.NaN, Infinity])
      expect(toCents(bad)).toBeNull()
  })

  it('rounds the half cent away from zero on both sides', () => {
    expect(toCents(12.345)).toBe(-toCents(-12.345)!)
  })

  it('formats amounts for a notification or the tray', () => {
    expect(formatCents(130567, 'USD')).toBe('$1,305.67')
    expect(formatCents(2110, 'EUR')).toBe('€21.10')
    expect(formatCents(2110, null)).toBe('21.10')
    expect(formatCents(2110, 'coins')).toBe('21.10 coins')
    expect(formatDelta(2110, 'USD')).toBe('+$21.10')
    expect(formatDelta(-5000, 'USD')).toBe('\u2212$50.00')
  })
})
