import type { Page } from 'playwright-core'
import { openPage } from '../lib/browser'
import type { BenchContext } from '../lib/context'
import { loadToFirstCard } from '../lib/first-card'
import { searchPage } from '../lib/floor-pages'
import { startFloorServer } from '../lib/floor-server'
import { spawnHostChild } from '../lib/host-child'
import { FIRST_CARD_INIT, FIRST_CARD_RESULT, ITEMS_CHANGED, ITEMS_PROBE } from '../lib/page-scripts'
import { refreshOver, SYNCING } from '../lib/refresh-over'
import { percentile, timing } from '../lib/stats'
import { timedKey } from '../lib/timed-key'
import type { Measure } from '../lib/types'
import { searchFloor } from './floor-keys'
import { searchLetters } from './p2-search'

const TIMEOUT_MS = 10_000
/** Keys (letters and Backspace) typed per launch while it syncs, at most. */
const BURST_KEYS = 24

/** A letter and Backspace, timed, until `more()` says stop; each key's ms into `into`. */
async function typeWhile(
  page: Page,
  letters: readonly string[],
  more: () => Promise<boolean>,
  into: number[]
): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search items' })
  for (let i = 0; await more(); i++) {
    await box.focus()
    for (const key of [letters[i % letters.length]!, 'Backspace']) {
      const ms = await timedKey(page, key, ITEMS_PROBE, ITEMS_CHANGED, TIMEOUT_MS)
      if (ms !== null) into.push(ms)
    }
  }
}

/**
 * One launch as a seller meets it: the built host spawned in its own process (the demo
 * stays in the bench's, so serving the list does not hold the host up), the page opening
 * on Items from the cache, then the refresh that opening the view starts. Keys are typed
 * while the header says it is syncing, then as many again once it is over.
 */
async function launch(
  ctx: BenchContext,
  letters: readonly string[]
): Promise<{ during: number[]; after: number[]; peakRssBytes: number }> {
  const profile = await ctx.warmProfile()
  const browser = await ctx.browser()
  const child = await spawnHostChild(ctx, profile)
  const opened = await openPage(browser, FIRST_CARD_INIT)
  try {
    const { page } = opened
    await page.goto(child.url)
    await page.evaluate(FIRST_CARD_RESULT)
    // The refresh starts once the view has opened. Checked before it showed, a launch found
    // none, and its keys "after the refresh" were typed during it (2 launches of 70).
    await page.locator(SYNCING).first().waitFor({ timeout: TIMEOUT_MS })
    const during: number[] = []
    // A seller's burst, not endless typing: the refresh gives way to keys (it waits while
    // they come), so keys typed without a pause would hold it off for minutes.
    await typeWhile(
      page,
      letters,
      async () => during.length < BURST_KEYS && (await page.locator(SYNCING).count()) > 0,
      during
    )
    // At 100,000 items the sidebar and the Items header both say syncing: wait for both.
    await refreshOver(page, 300_000)
    const after: number[] = []
    await typeWhile(page, letters, async () => after.length < Math.max(10, during.length), after)
    // The host's own high-water mark: searching during the refresh reads the saved list
    // while the new one is taken in, which the memory measure (no keys until the refresh
    // is over) never does.
    const { peakRssBytes } = await child.usage()
    return { during, after, peakRssBytes }
  } finally {
    await opened.close()
    await child.stop()
  }
}

export const p2bKeysSyncing: Measure = {
  id: 'p2b',
  title: 'Search while the launch refresh runs: keystroke -> results painted',
  async run(ctx) {
    const letters = await searchLetters(ctx)
    // One unmeasured launch: the seller opens Items in it (clicked if the app opened elsewhere).
    const profile = await ctx.warmProfile()
    const first = await spawnHostChild(ctx, profile)
    await loadToFirstCard(await ctx.browser(), first.url).finally(() => first.stop())
    const during: number[] = []
    const after: number[] = []
    let peakRssBytes = 0
    for (let i = 0, n = ctx.runs(3); i < n; i++) {
      const r = await launch(ctx, letters)
      during.push(...r.during)
      after.push(...r.after)
      peakRssBytes = Math.max(peakRssBytes, r.peakRssBytes)
    }
    if (during.length === 0) throw new Error('the refresh ended before a key could be typed')
    // Issue 34's yardstick for the keys after the refresh, taken in the same run: the least
    // page that asks another process per key (the floor's), the same letters and Backspaces.
    const floorServer = await startFloorServer(new Map([['/search-fetch', searchPage('fetch')]]))
    const bare = await searchFloor(
      await ctx.browser(),
      floorServer,
      'fetch',
      Math.max(5, Math.ceil(after.length / 2)),
      { timeBackspace: true }
    ).finally(() => floorServer.close())
    if (bare.ms.length === 0) throw new Error('no keystroke changed the bare page')
    const n = ctx.options.size.toLocaleString('en')
    const syncing = timing(
      `keystroke -> matches painted while the launch refresh runs, ${n} items`,
      during
    )
    const synced = timing(`the same keys once the refresh is over, ${n} items`, after)
    const bareKeys = timing(
      'bare page: a letter and Backspace, one HTTP round trip each (the floor, this run)',
      bare.ms
    )
    return {
      figures: [
        syncing,
        synced,
        bareKeys,
        {
          label: `host peak RSS, keys typed while the launch refresh runs, ${n} items (the highest launch)`,
          unit: 'bytes',
          value: peakRssBytes
        }
      ],
      ratios: [
        {
          label: 'during the refresh / after it (p95)',
          value: percentile(during, 95) / percentile(after, 95),
          unit: 'x'
        },
        {
          label: 'after the refresh / the bare page (p95)',
          value: percentile(after, 95) / percentile(bare.ms, 95),
          unit: 'x'
        }
      ],
      notes: [
        `P2b: each launch spawns the built host (plain node, as npm start runs it) on the warm profile; the page opens on Items from the cache, and the refresh that opening the view starts runs while letters and Backspace are typed (${during.length} keys over ${ctx.runs(3)} launches: up to ${BURST_KEYS} a launch while the header says it is syncing), then as many again once it is over. Timed as P2, from the key's event to the frame after the count or first card changed. Its peak RSS is the spawned host's own high-water mark over the whole launch (VmHWM, as the memory measure takes it), the highest of the launches: searching during the refresh reads the saved list while the new one is taken in.`,
        `The bare page is the floor measure's search page asking the floor's server (in the bench's process) per key, in the same Chromium after the launches: ${bare.ms.length} keys, letters and Backspace timed alike${bare.timeouts > 0 ? `, ${bare.timeouts} that changed nothing left out` : ''}.`
      ]
    }
  }
}
