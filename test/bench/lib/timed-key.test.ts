import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEY_TIMER_RESULT } from '../../../bench/lib/page-scripts'
import { timedKey, type KeyPage } from '../../../bench/lib/timed-key'
import { launchChromium } from '../../support/chromium'

// A field whose key "x" changes #out 40 ms later; any other key changes nothing.
const PAGE = `<input id="box" aria-label="box"><p id="out">before</p><script>
  document.getElementById('box').addEventListener('keydown', (e) => {
    if (e.key === 'x') setTimeout(() => { document.getElementById('out').textContent = 'after' }, 40)
  })
</script>`
const PROBE = "return document.getElementById('out').textContent"
const CHANGED = 'now !== before'

let browser: Browser
let page: Page
beforeAll(async () => {
  browser = await launchChromium()
  page = await (await browser.newContext()).newPage()
})
afterAll(() => browser.close())

async function freshPage(): Promise<void> {
  await page.setContent(PAGE)
  await page.focus('#box')
}

describe('timedKey: one keystroke timed in real Chromium', () => {
  it('times a key from its event to the frame after the change it caused', async () => {
    await freshPage()
    const ms = await timedKey(page, 'x', PROBE, CHANGED, 5_000)
    // Not a speed check: the change comes 40 ms after the key, so less would be a broken timer.
    expect(ms).not.toBeNull()
    expect(ms!).toBeGreaterThanOrEqual(40)
    expect(await page.textContent('#out')).toBe('after')
  })

  it('gives null when the key changes nothing before the timeout', async () => {
    await freshPage()
    expect(await timedKey(page, 'y', PROBE, CHANGED, 300)).toBeNull()
  })

  it("sends the call that collects the result before the key, so the bench's own work is not timed", async () => {
    await freshPage()
    const calls: string[] = []
    const watched: KeyPage = {
      evaluate: (expression) => {
        calls.push(expression === KEY_TIMER_RESULT ? 'collect' : 'arm')
        return page.evaluate(expression)
      },
      keyboard: {
        press: (key) => {
          calls.push(`press ${key}`)
          return page.keyboard.press(key)
        }
      }
    }
    expect(await timedKey(watched, 'x', PROBE, CHANGED, 5_000)).not.toBeNull()
    expect(calls).toEqual(['arm', 'collect', 'press x'])
  })

  it('passes on a failed key press and leaves no unhandled rejection behind', async () => {
    const lost = await (await browser.newContext()).newPage()
    await lost.setContent(PAGE)
    // The page goes away as the key fails: the call collecting the result fails as well.
    const broken: KeyPage = {
      evaluate: (expression) => lost.evaluate(expression),
      keyboard: {
        press: async () => {
          await lost.context().close()
          throw new Error('the key could not be sent')
        }
      }
    }
    await expect(timedKey(broken, 'x', PROBE, CHANGED, 5_000)).rejects.toThrow(
      'the key could not be sent'
    )
  })
})
