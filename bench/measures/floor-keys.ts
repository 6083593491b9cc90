/**
 * The floor measure's keystroke parts: P2's and P3's timers (armKeyTimer with the same
 * probes) on the floor's search and lookup pages.
 */
import { performance } from 'node:perf_hooks'
import type { Browser, Page } from 'playwright-core'
import { z } from 'zod'
import { openPage } from '../lib/browser'
import { floorNames, type FloorServer } from '../lib/floor-server'
import type { Via } from '../lib/floor-pages'
import { ITEMS_CHANGED, ITEMS_PROBE, VERDICT_PROBE, VERDICT_SHOWN } from '../lib/page-scripts'
import { timedKey } from '../lib/timed-key'

const Envelope = z.object({ status: z.string() })
const TIMEOUT_MS = 10_000
const COUNT = '[role="toolbar"][aria-label="Filter items"] [aria-live="polite"]'

/** As P2 picks them: letters that narrow the names without emptying the list. */
export function floorLetters(): string[] {
  const names = floorNames()
  return [...'abcdefghijklmnopqrstuvwxyz'].filter((c) => {
    const n = names.filter((t) => t.includes(c)).length
    return n > 0 && n < names.length * 0.9
  })
}

/** One keystroke timed as P2 and P3 time theirs; null when nothing changed in time. */
const timeKey = (page: Page, key: string, probe: string, done: string) =>
  timedKey(page, key, probe, done, TIMEOUT_MS)

export interface KeySamples {
  ms: number[]
  timeouts: number
}

/**
 * P2's loop: focus the box, type a letter (timed), Backspace back to all 10,000 (awaited;
 * timed too with `timeBackspace`, as P2b times its keys). The first pair is unmeasured, as
 * the first trip pays for connection set-up.
 */
export async function searchFloor(
  browser: Browser,
  server: FloorServer,
  via: Via,
  runs: number,
  { timeBackspace = false }: { timeBackspace?: boolean } = {}
): Promise<KeySamples> {
  const letters = floorLetters()
  const opened = await openPage(browser)
  try {
    const { page } = opened
    await page.goto(`${server.url}/search-${via}`)
    const box = page.getByRole('searchbox', { name: 'Search items' })
    const all = page.locator(COUNT).filter({ hasText: '10,000 items' })
    await all.waitFor()
    const out: KeySamples = { ms: [], timeouts: 0 }
    for (let i = -1; i < runs; i++) {
      await box.focus()
      const timed = [
        await timeKey(page, letters[(i + 1) % letters.length]!, ITEMS_PROBE, ITEMS_CHANGED)
      ]
      if (timeBackspace) timed.push(await timeKey(page, 'Backspace', ITEMS_PROBE, ITEMS_CHANGED))
      else await page.keyboard.press('Backspace')
      await all.waitFor()
      if (i < 0) continue
      for (const ms of timed) {
        if (ms === null) out.timeouts++
        else out.ms.push(ms)
      }
    }
    return out
  } finally {
    await opened.close()
  }
}

export interface LookupSamples extends KeySamples {
  raw: number[]
}

/**
 * P3's loop: codes alternate, Enter (timed to the new verdict), then (via fetch) a raw Node
 * fetch of the same POST. One unmeasured lookup first.
 */
export async function lookupFloor(
  browser: Browser,
  server: FloorServer,
  via: Via,
  runs: number
): Promise<LookupSamples> {
  const codes = ['valid-0001', 'bad-0002']
  const rawTrip = async (code: string): Promise<number> => {
    const t0 = performance.now()
    const res = await fetch(`${server.url}/api/check`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ purchase_code: code }).toString()
    })
    Envelope.parse(await res.json())
    return performance.now() - t0
  }
  const opened = await openPage(browser)
  try {
    const { page } = opened
    await page.goto(`${server.url}/lookup-${via}`)
    const field = page.getByRole('textbox', { name: 'Purchase code' })
    await field.waitFor()
    const out: LookupSamples = { ms: [], raw: [], timeouts: 0 }
    if (via === 'fetch') await rawTrip(codes[0]!)
    for (let i = -1; i < runs; i++) {
      const code = codes[(i + codes.length) % codes.length]!
      await field.fill(code)
      await field.focus()
      const ms = await timeKey(page, 'Enter', VERDICT_PROBE, VERDICT_SHOWN)
      if (i < 0) continue
      if (ms === null) out.timeouts++
      else out.ms.push(ms)
      if (via === 'fetch') out.raw.push(await rawTrip(code))
    }
    return out
  } finally {
    await opened.close()
  }
}
