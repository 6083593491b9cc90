import type { BenchContext } from '../lib/context'
import { loadToFirstCard, openedOnItems } from '../lib/first-card'
import { startBenchHost } from '../lib/host'
import { timing } from '../lib/stats'
import type { Figure } from '../lib/types'

const LABEL = 'browser: navigation start -> first item card painted (warm cache)'

/** P1's second half: a warm host, a fresh page each run, first card painted. */
export async function firstCardAfterLoad(
  ctx: BenchContext
): Promise<{ figure: Figure; note: string }> {
  try {
    const profile = await ctx.warmProfile()
    const browser = await ctx.browser()
    const host = await startBenchHost(profile.dataDir, profile.secretStore)
    try {
      // One unmeasured load: the host's first answers pay for its own warm-up (module JIT),
      // and the seller opens Items in it (a click, when the app opened elsewhere).
      await loadToFirstCard(browser, host.server.url)
      const samples: number[] = []
      for (let i = 0, runs = ctx.runs(10); i < runs; i++) {
        samples.push(openedOnItems(await loadToFirstCard(browser, host.server.url)).firstCard)
      }
      return {
        figure: timing(LABEL, samples),
        note: `Page load: browser host in this process, a fresh Chromium context per run (no HTTP cache); one unmeasured warm-up load first, in which the seller opens Items (an init script clicks it if the app opened elsewhere); every measured run must then open on Items by itself, the view the seller left the app on, with no click. Warm cache: ${ctx.warmMedia}.`
      }
    } finally {
      await host.close()
    }
  } catch (e) {
    return {
      figure: { label: LABEL, unit: 'ms', notMeasured: e instanceof Error ? e.message : String(e) },
      note: ''
    }
  }
}
