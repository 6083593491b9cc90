import { openPage } from '../lib/browser'
import { spawnHostChild, type HostUsage } from '../lib/host-child'
import { FIRST_CARD_INIT, FIRST_CARD_RESULT } from '../lib/page-scripts'
import { REFRESH_WAIT_MS, refreshOver } from '../lib/refresh-over'
import type { Figure, Measure } from '../lib/types'

const SHOWN_WITHIN_MS = 120_000

/**
 * The browser host's memory with the catalogue cached: the built host spawned on the warm
 * profile (as `npm start` runs it), the Items view opened until it shows every item and its
 * background refresh has finished, a search typed and cleared; then the host's peak RSS
 * since it started (the kernel's high-water mark, not a sample) and its RSS at rest.
 */
export const memory: Measure = {
  id: 'memory',
  title: 'Host memory with the catalogue cached (browser host, spawned)',
  async run(ctx) {
    const profile = await ctx.warmProfile()
    const browser = await ctx.browser()
    const size = ctx.options.size.toLocaleString('en')
    const child = await spawnHostChild(ctx, profile)
    let usage: HostUsage
    try {
      const opened = await openPage(browser, FIRST_CARD_INIT)
      try {
        const { page } = opened
        await page.goto(child.url)
        await page.evaluate(FIRST_CARD_RESULT)
        const count = page.locator(
          '[role="toolbar"][aria-label="Filter items"] [aria-live="polite"]'
        )
        try {
          await count.filter({ hasText: `${size} items` }).waitFor({ timeout: SHOWN_WITHIN_MS })
        } catch {
          throw new Error(`the Items view did not show all ${size} items`)
        }
        // The peak must cover the whole launch refresh (at 100,000 items, longer than
        // Playwright's default wait): its request, then every status line saying syncing.
        await page.waitForLoadState('networkidle', { timeout: REFRESH_WAIT_MS }).catch(() => {})
        await refreshOver(page).catch(() => {
          throw new Error(`the launch refresh did not end within ${REFRESH_WAIT_MS / 1000} s`)
        })
        const box = page.getByRole('searchbox', { name: 'Search items' })
        for (const text of ['a', 'ab', 'e', '']) {
          await box.fill(text)
          await page.waitForTimeout(300)
        }
        await count.filter({ hasText: `${size} items` }).waitFor({ timeout: SHOWN_WITHIN_MS })
      } finally {
        await opened.close()
      }
      usage = await child.usage()
    } finally {
      await child.stop()
    }
    const figures: Figure[] = [
      { label: `host peak RSS, ${size} items cached`, unit: 'bytes', value: usage.peakRssBytes },
      { label: 'host RSS at rest after the page closed', unit: 'bytes', value: usage.rssBytes },
      { label: 'host JS heap used at rest', unit: 'bytes', value: usage.heapUsedBytes },
      { label: 'host buffers outside the JS heap', unit: 'bytes', value: usage.externalBytes }
    ]
    return {
      figures,
      ratios: [],
      notes: [
        `Peak RSS is the spawned host's own high-water mark (VmHWM in /proc/self/status; resourceUsage().maxRSS off Linux, where it cannot be told from the bench's): it covers start-up, the page's listing of all ${size} items, its background refresh from the demo and a search typed and cleared. The Items view showed all ${size} items. Chromium's own memory is not counted.`
      ]
    }
  }
}
