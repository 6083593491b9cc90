import { expect, it } from 'vitest'
import { overRawTrip, percentile, timing } from '../../../bench/lib/stats'

it('takes the nearest rank, a value that was observed', () => {
  expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3)
  expect(percentile([5, 1, 4, 2, 3], 95)).toBe(5)
  expect(() => percentile([], 50)).toThrow()
})

it("gives a page's overhead over the raw trip at p50 and p95, labelled as the goals expect", () => {
  const page = timing('page', [20, 24, 30])
  const raw = timing('raw', [1.5, 1.25, 3])
  expect(overRawTrip('app ', page, raw)).toEqual([
    { label: 'app overhead over the raw trip (p50)', value: 22.5, unit: 'ms' },
    { label: 'app overhead over the raw trip (p95)', value: 27, unit: 'ms' }
  ])
})
