import { describe, expect, it } from 'vitest'
import { hostUsage } from '../../../bench/lib/host-usage'

describe('bench: the spawned host memory report', () => {
  it('counts buffers outside the JS heap once (external already holds arrayBuffers)', () => {
    const memory: NodeJS.MemoryUsage = {
      rss: 300_000_000,
      heapTotal: 150_000_000,
      heapUsed: 120_000_000,
      external: 40_000_000,
      arrayBuffers: 35_000_000
    }
    expect(hostUsage(memory, 250_000)).toEqual({
      peakRssBytes: 256_000_000,
      rssBytes: 300_000_000,
      heapUsedBytes: 120_000_000,
      externalBytes: 40_000_000
    })
  })
})
