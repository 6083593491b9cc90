import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { measureTimeLimitMs, withTimeLimit } from '../../../bench/lib/time-limit'
import { NotMeasurable } from '../../../bench/lib/types'

describe('bench: a measure’s time limit', () => {
  it('is four minutes up to 25,000 items and grows with the list beyond', () => {
    expect(measureTimeLimitMs(10_000)).toBe(240_000)
    expect(measureTimeLimitMs(25_000)).toBe(240_000)
    expect(measureTimeLimitMs(100_000)).toBe(960_000)
  })

  it('answers with the measure when it finishes in time', async () => {
    await expect(withTimeLimit(sleep(20, 'done'), 1_000, { setupMs: 0 })).resolves.toBe('done')
  })

  it('does not hold shared set-up against the measure', async () => {
    const ctx = { setupMs: 0 }
    const started = Date.now()
    const grow = setInterval(() => (ctx.setupMs = Date.now() - started), 5)
    try {
      // 150 ms of work, all of it set-up: a 60 ms limit does not cut it off.
      await expect(withTimeLimit(sleep(150, 'done'), 60, ctx)).resolves.toBe('done')
    } finally {
      clearInterval(grow)
    }
  })

  it('says not measured past the limit, once the measure has stopped', async () => {
    let stopped = false
    const work = sleep(160).then(() => {
      stopped = true
      return 'late'
    })
    const result = withTimeLimit(work, 100, { setupMs: 0 })
    await expect(result).rejects.toBeInstanceOf(NotMeasurable)
    await expect(result).rejects.toThrow(/^did not finish within 0.1 s$/)
    // The next measure must not start while this one still runs.
    expect(stopped).toBe(true)
  })

  it('says so when the measure still runs after waiting as long again', async () => {
    const result = withTimeLimit(sleep(1_000), 50, { setupMs: 0 })
    await expect(result).rejects.toThrow(/still running 0.05 s later/)
  })
})
