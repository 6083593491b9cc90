import { describe, expect, it } from 'vitest'
import { outsideHeapBytes } from '../../../bench/lib/host-usage'

describe('bench: the spawned host memory report', () => {
  it('counts buffers outside the JS heap once (external already holds arrayBuffers)', () => {
    expect(outsideHeapBytes({ external: 40_000_000, arrayBuffers: 35_000_000 })).toBe(40_000_000)
  })
})
