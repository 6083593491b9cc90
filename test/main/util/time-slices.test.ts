import { describe, expect, it } from 'vitest'
import { timeSlices } from '../../../electron/main/util/time-slices'

const busy = (ms: number): void => {
  const until = performance.now() + ms
  while (performance.now() < until);
}

describe('timeSlices', () => {
  it('is due once the slice of work has passed, and a turn runs what was queued', async () => {
    const slices = timeSlices(5)
    expect(slices.due()).toBe(false)
    busy(6)
    expect(slices.due()).toBe(true)
    let ran = false
    setImmediate(() => (ran = true))
    await slices.turn()
    expect(ran).toBe(true)
    expect(slices.due()).toBe(false)
  })
})
