import { afterAll, describe, expect, it } from 'vitest'
import { BenchContext } from '../../../bench/lib/context'
import type { Measured } from '../../../bench/lib/types'
import { floor } from '../../../bench/measures/floor'
import { searchFloor } from '../../../bench/measures/floor-keys'
import { searchPage } from '../../../bench/lib/floor-pages'
import { startFloorServer } from '../../../bench/lib/floor-server'

// Real Chromium and a real spawned `node`, one run each: every probe must see its page's
// change. Figures are only checked to exist, never against a time.
describe('bench: the floor measure', () => {
  const ctx = new BenchContext({
    runs: 1,
    fullLimit: false,
    size: 10_000,
    cpuProf: null,
    browserUi: false
  })
  afterAll(() => ctx.close())

  it('times every floor page with P1, P2, P3 and P6 timers', { timeout: 90_000 }, async () => {
    const out: Measured = await floor.run(ctx)
    expect(out.figures.map((f) => f.label.split(':')[0])).toEqual([
      'P1 floor',
      'P1 floor',
      'P6 floor',
      'P6 floor',
      'P6 floor',
      'P2 floor',
      'P2 floor',
      'P3 floor',
      'P3 floor',
      'P3 floor'
    ])
    for (const f of out.figures) {
      expect(f.runs, f.label).toBe(1)
      expect(f.p50, f.label).toBeGreaterThan(0)
      expect(f.p95, f.label).toBeGreaterThan(0)
    }
    expect(out.notes.join('\n')).not.toMatch(/showed no change/)
    expect(out.ratios.map((r) => r.label)).toContain('P3 floor: overhead over the raw trip (p50)')
  })

  it(
    'times the Backspaces too when asked, as P2b compares its keys with the bare page',
    { timeout: 60_000 },
    async () => {
      const server = await startFloorServer(new Map([['/search-fetch', searchPage('fetch')]]))
      try {
        const browser = await ctx.browser()
        const letters = await searchFloor(browser, server, 'fetch', 2)
        const both = await searchFloor(browser, server, 'fetch', 2, { timeBackspace: true })
        expect(letters).toMatchObject({ timeouts: 0 })
        expect(letters.ms).toHaveLength(2)
        expect(both).toMatchObject({ timeouts: 0 })
        expect(both.ms).toHaveLength(4)
      } finally {
        await server.close()
      }
    }
  )
})
