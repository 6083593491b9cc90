import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SETTINGS_FILE } from '../../electron/main/settings/store'
import { startHarness, type Harness } from './harness'
import { demoWithHandle, openItems } from './items-helpers'

// The Items grid opens at the size it had: main keeps how much of the window the frame
// around it took, and the first render lays out the cards from that without measuring.
// A guess that no longer holds must never be painted.

interface Inset {
  x: number
  y: number
}

/** Where the grid sits in the window now, as the page measures it. */
const measured = (h: Harness): Promise<Inset> =>
  h.page.evaluate(`(() => {
    const el = document.querySelector('[data-testid="items-scroller"]');
    return { x: innerWidth - el.clientWidth, y: innerHeight - el.clientHeight };
  })()`)

async function savedInset(h: Harness): Promise<Inset | null> {
  const settings = JSON.parse(await readFile(join(h.dataDir, SETTINGS_FILE), 'utf8')) as {
    itemsInset?: Inset
  }
  return settings.itemsInset ?? null
}

/**
 * Installed before the page's scripts: once the grid's box exists, a ResizeObserver made
 * after the app's own notes the cards in the grid's first row each time it is called back.
 * Its first call comes after the app's (callbacks run in the order the observers were
 * made), after the browser's first layout of the grid and before that frame is painted.
 */
const FIRST_FRAME_COLUMNS = `(() => {
  const w = window;
  w.__columns = [];
  const seen = new MutationObserver(() => {
    const box = document.querySelector('[data-testid="items-scroller"]');
    if (!box) return;
    seen.disconnect();
    new ResizeObserver(() => {
      const row = box.querySelector('[role="list"][aria-label="Items"] > div');
      w.__columns.push(row ? row.querySelectorAll(':scope > [role="listitem"]').length : 0);
    }).observe(box);
  });
  seen.observe(document, { childList: true, subtree: true });
})()`

const columnsNow = (h: Harness): Promise<number> =>
  h.page.evaluate(
    `document.querySelector('[role="list"][aria-label="Items"] > div').querySelectorAll(':scope > [role="listitem"]').length`
  )

describe('The Items grid at start', () => {
  it('keeps where the grid sat, and paints a guess that no longer holds only once corrected', async () => {
    const demo = demoWithHandle()
    const h = await startHarness({
      demo: true,
      startDemo: demo.startDemo,
      viewport: { width: 1280, height: 800 }
    })
    try {
      await openItems(h.page)
      await h.page.getByRole('listitem').first().waitFor()
      const truth = await measured(h)
      await expect.poll(() => savedInset(h)).toEqual(truth)
      const columns = await columnsNow(h)
      expect(columns).toBeGreaterThan(2)

      // As if the window had been much narrower around the grid last time: the guess now
      // gives two columns where four fit.
      const wrong = { x: 1280 - 500, y: truth.y }
      const answer: unknown = await h.page.evaluate(
        async ([token, inset]) =>
          (
            await fetch('/rpc/setItemsInset', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
              body: JSON.stringify(inset)
            })
          ).json(),
        [h.token, wrong] as const
      )
      expect(answer).toEqual({ ok: true, data: wrong })

      await h.context.addInitScript({ content: FIRST_FRAME_COLUMNS })
      await h.page.reload()
      await h.page.getByRole('listitem').first().waitFor()
      const frames = (await h.page.evaluate('window.__columns')) as number[]
      expect(frames[0]).toBe(columns)
      expect(await columnsNow(h)).toBe(columns)
      // And main hears where the grid really sits, for the next start.
      await expect.poll(() => savedInset(h)).toEqual(truth)
    } finally {
      await h.close()
    }
  })
})
