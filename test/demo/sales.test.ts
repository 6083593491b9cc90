import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDemoData } from '../../electron/demo/seed'
import { parseDuration, startSimulatedSales } from '../../electron/demo/sales'

afterEach(() => {
  vi.useRealTimers()
})

describe('simulated sales', () => {
  it('credits the seller’s share of an item’s price in whole cents, on every tick', () => {
    vi.useFakeTimers()
    const { data } = createDemoData({
      seed: 1,
      size: undefined,
      catalogue: 'full',
      missingSubCategory: false,
      currency: 'USD',
      now: Date.UTC(2026, 10, 1)
    })
    const item = data.items[0]!
    data.seller.balance = 1284.5700000000002
    const sales = startSimulatedSales(data, 30_000, () => 0)
    vi.advanceTimersByTime(29_999)
    expect(data.seller.balance).toBe(1284.5700000000002)
    vi.advanceTimersByTime(1)
    expect(data.seller.balance).toBe((128457 + Math.round(item.price.regular * 70)) / 100)
    vi.advanceTimersByTime(4 * 30_000)
    // The fifth sale is an extended licence.
    const credits = 4 * Math.round(item.price.regular * 70) + Math.round(item.price.extended * 70)
    expect(Math.round(data.seller.balance * 100)).toBe(128457 + credits)
    sales.stop()
    vi.advanceTimersByTime(60_000)
    expect(Math.round(data.seller.balance * 100)).toBe(128457 + credits)
  })

  it('reads --sales-every durations', () => {
    expect(parseDuration('30s')).toBe(30_000)
    expect(parseDuration('2m')).toBe(120_000)
    expect(parseDuration('500ms')).toBe(500)
    expect(parseDuration('1500')).toBe(1500)
    expect(parseDuration('0.5s')).toBe(500)
    for (const bad of ['', 'soon', '5h', '10ms', '-3s']) expect(parseDuration(bad)).toBeNull()
  })
})
