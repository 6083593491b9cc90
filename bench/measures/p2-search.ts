import type { DemoItem } from '../../electron/demo'
import { openAppOnItems } from '../lib/app-page'
import { ITEMS_CHANGED, ITEMS_PROBE } from '../lib/page-scripts'
import { timing } from '../lib/stats'
import { timedKey } from '../lib/timed-key'
import type { Measure } from '../lib/types'
import type { BenchContext } from '../lib/context'

const TIMEOUT_MS = 10_000

/**
 * Letters that narrow the list without emptying it, judged on the fields a seller
 * searches (name, tags, category): a keystroke that changes nothing has nothing to time.
 */
function narrowingLetters(items: readonly DemoItem[]): string[] {
  const text = items.map((i) =>
    [i.name, i.category, i.sub_category ?? '', ...i.tags].join(' ').toLowerCase()
  )
  return [...'abcdefghijklmnopqrstuvwxyz'].filter((c) => {
    const n = text.filter((t) => t.includes(c)).length
    return n > 0 && n < items.length * 0.9
  })
}

/** The demo catalogue's narrowing letters; throws when none narrows it. */
export async function searchLetters(ctx: BenchContext): Promise<string[]> {
  const demo = await ctx.demo()
  const letters = narrowingLetters(demo.data.items)
  if (letters.length === 0) throw new Error('no letter narrows the demo catalogue')
  return letters
}

export const p2Search: Measure = {
  id: 'p2',
  title: 'Search: keystroke -> results painted',
  async run(ctx) {
    const letters = await searchLetters(ctx)
    const app = await openAppOnItems(ctx)
    try {
      const { page } = app
      const box = page.getByRole('searchbox', { name: 'Search items' })
      await box.waitFor()
      const total = `${ctx.options.size.toLocaleString('en')} items`
      const count = page.locator('[role="toolbar"][aria-label="Filter items"] [aria-live="polite"]')
      await count.filter({ hasText: total }).waitFor()
      // Opening the view revalidates the cached list; the demo marketplace serving it runs
      // in this process and holds up the host meanwhile, so time keystrokes after that.
      await page
        .getByText(/synced/i)
        .first()
        .waitFor({ timeout: 120_000 })

      const narrow: number[] = []
      const widen: number[] = []
      let timeouts = 0
      const time = async (key: string): Promise<number | null> => {
        const ms = await timedKey(page, key, ITEMS_PROBE, ITEMS_CHANGED, TIMEOUT_MS)
        if (ms === null) timeouts++
        return ms
      }
      const runs = ctx.runs(20)
      for (let i = 0; i < runs; i++) {
        await box.focus()
        const typed = await time(letters[i % letters.length]!)
        if (typed !== null) narrow.push(typed)
        // Backspace brings back all 10,000: the widest re-render a keystroke can cause.
        const erased = await time('Backspace')
        if (erased !== null) widen.push(erased)
        await count.filter({ hasText: total }).waitFor()
      }
      if (narrow.length === 0) throw new Error('no keystroke changed the results')
      const figures = [timing(`type a letter: ${total} -> matches painted`, narrow)]
      if (widen.length > 0)
        figures.push(timing(`Backspace: matches -> all ${total} painted`, widen))
      const notes = [
        `Letters typed: ${letters.slice(0, runs).join(' ')} (each narrows the list); timed from the keydown event's timestamp to the frame after the count or first card changed. Main searches the list and answers the window in view; the list is virtualised; layout as the app opens it. Timed once the background refresh that opening the view starts has finished: the demo marketplace runs in the bench's own process, and while it builds and serves the list it holds up the host (a search typed then waits for it). Warm cache: ${ctx.warmMedia}.`
      ]
      if (timeouts > 0)
        notes.push(
          `${timeouts} keystroke(s) showed no change within ${TIMEOUT_MS / 1000} s and are left out.`
        )
      return {
        figures,
        ratios:
          widen.length > 0
            ? [
                {
                  label: 'Backspace / letter (p50)',
                  value: figures[1]!.p50! / figures[0]!.p50!,
                  unit: 'x'
                }
              ]
            : [],
        notes
      }
    } finally {
      await app.close()
    }
  }
}
