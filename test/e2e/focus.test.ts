import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { rpcRequest } from '../support/harness-http'
import { startOnDemo, type Harness } from './harness'
import type { PG } from './page-globals'

// Everything by keyboard, and the focus never lost: a seller who works without a mouse
// (or with a screen reader) always sees where they are and comes back where they were.

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** What the focused element is, and whether it shows a ring a sighted seller can see. */
interface Focused {
  what: string
  ring: boolean
}

/** The focused element's own description and whether it draws a 2 px+ outline or an accent shadow. */
function focusedRing(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as PG).document
    const el = doc.activeElement as unknown as {
      tagName: string
      id: string
      textContent: string | null
      getAttribute(n: string): string | null
    } | null
    if (!el || el.tagName === 'BODY') return null
    const win = globalThis as unknown as {
      getComputedStyle(e: unknown): {
        outlineStyle: string
        outlineWidth: string
        outlineColor: string
        boxShadow: string
        getPropertyValue(p: string): string
      }
    }
    const style = win.getComputedStyle(el)
    // The ring may be drawn by the element or by a label wrapping it (the theme options).
    const holder = (el as unknown as { closest(s: string): unknown }).closest('label') ?? el
    const held = win.getComputedStyle(holder)
    const outlined = (s: typeof style): boolean =>
      s.outlineStyle !== 'none' &&
      parseFloat(s.outlineWidth) >= 2 &&
      !/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(s.outlineColor)
    const name =
      el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40) ?? el.id
    // A ring drawn as a shadow counts too, when it is in the accent colour.
    const hex = win
      .getComputedStyle(doc.querySelector('html'))
      .getPropertyValue('--accent')
      .trim()
      .replace('#', '')
    const accent = `rgb(${[0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`
    const shadowed = (s: typeof style): boolean => s.boxShadow.includes(accent)
    return {
      what: `${el.tagName.toLowerCase()} "${name}"`,
      ring: outlined(style) || outlined(held) || shadowed(style) || shadowed(held)
    }
  })
}

/** Tabs through the page (up to `max` stops) and lists each stop that shows no ring. */
async function stopsWithoutRing(page: Page, max = 60): Promise<string[]> {
  const missing: string[] = []
  const seen = new Set<string>()
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const f = await focusedRing(page)
    if (!f) continue
    if (!f.ring) missing.push(f.what)
    if (seen.has(f.what) && i > 5) break
    seen.add(f.what)
  }
  return missing
}

async function validateMany(h: Harness, codes: readonly string[]): Promise<void> {
  const port = Number(new URL(h.host.baseUrl).port)
  for (const code of codes) {
    const r = await rpcRequest(
      port,
      'validatePurchase',
      h.token,
      { code },
      {
        Origin: h.host.baseUrl
      }
    )
    expect(r.status).toBe(200)
  }
}

describe('Focus', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows a focus ring on every stop, the current sidebar item included (${colorScheme})`, async () => {
      const { h, market } = await startOnDemo({ colorScheme })
      const { page } = h
      await page.getByTestId('balance').waitFor()

      // The current sidebar item draws its own border: the ring must still show on it.
      await main(page)
        .getByRole('button', { name: /Account/ })
        .focus()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Shift+Tab')
      expect(await focusedRing(page)).toEqual({
        what: expect.stringContaining('Account'),
        ring: true
      })

      const missing: Record<string, string[]> = {}
      missing.account = await stopsWithoutRing(page)
      await page.keyboard.press('Control+2')
      await page.getByRole('list', { name: 'Items' }).getByRole('listitem').first().waitFor()
      missing.items = await stopsWithoutRing(page)
      await page.keyboard.press('Control+K')
      await page.getByLabel('Purchase code', { exact: true }).fill(market.sampleCodes.valid)
      await page.keyboard.press('Enter')
      await page.locator('article[aria-labelledby="verdict-word"]').waitFor()
      missing.validate = await stopsWithoutRing(page)
      await page.keyboard.press('Control+4')
      await page.getByRole('table', { name: 'Lookup history' }).waitFor()
      missing.history = await stopsWithoutRing(page)
      await page.keyboard.press('Control+5')
      await page.getByTestId('cache-size').waitFor()
      missing.settings = await stopsWithoutRing(page)
      expect(missing).toEqual({ account: [], items: [], validate: [], history: [], settings: [] })
    })
  }

  it('Escape from an item gives the focus back to its card', async () => {
    const { h } = await startOnDemo()
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await page.keyboard.press('Control+2')
    const list = page.getByRole('list', { name: 'Items' })
    const third = list.locator('[data-pos="2"]')
    await third.focus()
    const name = await third.locator('[id^="item-card-name-"]').textContent()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: name!, level: 2 }).waitFor()
    await page.keyboard.press('Escape')
    await list.waitFor()
    await page.waitForFunction(
      () => (globalThis as unknown as PG).document.activeElement?.getAttribute('data-pos') === '2'
    )
  })

  it('Escape closes "Add by id" and the connection menu, focus back on what opened them', async () => {
    const { h } = await startOnDemo()
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await page.keyboard.press('Control+2')
    const toggle = page.getByRole('button', { name: 'Add by id' })
    await toggle.click()
    await page.getByLabel('Item id').waitFor()
    expect(
      await page.getByLabel('Item id').evaluate((el) => el === el.ownerDocument.activeElement)
    ).toBe(true)
    await page.keyboard.press('Escape')
    await page.getByRole('group', { name: 'Add by id' }).waitFor({ state: 'detached' })
    expect(await toggle.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
    // Escape in the list does not leave Items either.
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor()

    const trigger = page.getByRole('button', { name: /^Connection: / })
    await trigger.click()
    await page.getByRole('menu').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    expect(await trigger.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
  })

  it('a removal confirm focuses Cancel, says what is deleted and closes on Escape', async () => {
    const { h } = await startOnDemo()
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await page.keyboard.press('Control+5')
    const remove = page.getByRole('button', { name: /^Remove / }).first()
    await remove.click()
    const confirm = page.getByRole('group', { name: /^Remove .*\?$/ })
    await confirm.waitFor()
    expect(await confirm.textContent()).toContain(
      'its cached account, items and images, its lookup history and its balance log'
    )
    const cancel = confirm.getByRole('button', { name: 'Cancel' })
    expect(await cancel.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
    await page.keyboard.press('Escape')
    await confirm.waitFor({ state: 'detached' })
    await page.waitForFunction(
      () =>
        (globalThis as unknown as PG).document.activeElement
          ?.getAttribute('aria-label')
          ?.startsWith('Remove ') === true
    )
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
  })

  it('Re-check in History keeps the focus and the row where they were', async () => {
    const { h, market } = await startOnDemo({ viewport: { width: 1280, height: 700 } })
    const { page } = h
    await page.getByTestId('balance').waitFor()
    const active = market.data.purchases.filter((p) => p.state === 'active').slice(0, 24)
    await validateMany(
      h,
      active.map((p) => p.code)
    )
    await page.keyboard.press('Control+4')
    const table = page.getByRole('table', { name: 'Lookup history' })
    await table.locator('tbody tr').nth(23).waitFor()

    // The seller scrolled down a little and re-checks a code in the middle, by keyboard.
    const code = active[10]!.code
    const button = table.getByRole('button', { name: `Re-check ${code}` })
    await button.scrollIntoViewIfNeeded()
    await button.focus()
    const topBefore = (await button.boundingBox())!.y
    await page.keyboard.press('Enter')
    await table.locator('tbody tr').nth(24).waitFor()
    await page
      .getByRole('button', { name: `Re-check ${code}` })
      .nth(1)
      .waitFor()

    const stillFocused = await page.evaluate(
      (c) =>
        (globalThis as unknown as PG).document.activeElement?.getAttribute('aria-label') ===
        `Re-check ${c}`,
      code
    )
    expect(stillFocused).toBe(true)
    // The older row (the one focused) did not move on screen.
    const older = table.getByRole('button', { name: `Re-check ${code}` }).nth(1)
    expect(Math.abs((await older.boundingBox())!.y - topBefore)).toBeLessThan(2)
    expect(await older.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
  })

  it('after every move the focus is on the new view (heading or field), never the body', async () => {
    const { h } = await startOnDemo()
    const { page } = h
    await page.getByTestId('balance').waitFor()
    const focusedHeading = (name: string) =>
      page.waitForFunction((n) => {
        const el = (globalThis as unknown as PG).document.activeElement as unknown as {
          tagName: string
          textContent: string | null
        } | null
        return el?.tagName === 'H1' && el.textContent === n
      }, name)

    await page.keyboard.press('Control+2')
    await focusedHeading('Items')
    const card = page.getByRole('list', { name: 'Items' }).locator('[data-pos="1"]')
    await card.focus()
    const name = await card.locator('[id^="item-card-name-"]').textContent()
    await page.keyboard.press('Enter')
    await focusedHeading(name!)
    await main(page).getByRole('button', { name: 'History' }).click()
    await focusedHeading('History')
    // The heading is read out by name and is not a Tab stop of its own.
    expect(
      await page.getByRole('heading', { name: 'History', level: 1 }).getAttribute('tabindex')
    ).toBe('-1')
    // Validate's field takes the focus itself; the view's name is said politely.
    await page.keyboard.press('Control+3')
    await page.waitForFunction(
      () =>
        (globalThis as unknown as PG).document.activeElement?.getAttribute('id') === 'purchase-code'
    )
    await page
      .getByTestId('view-announcer')
      .filter({ hasText: 'Validate' })
      .waitFor({ state: 'attached' })
  })

  it('Escape closes the Edit and Add connection forms, the focus back on their buttons', async () => {
    const { h } = await startOnDemo()
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await page.keyboard.press('Control+5')
    const edit = page.getByRole('button', { name: /^Edit / }).first()
    await edit.click()
    const form = page.getByRole('form', { name: /^Edit / })
    await form.getByLabel('Label').focus()
    await page.keyboard.press('Escape')
    await form.waitFor({ state: 'detached' })
    await expect.poll(() => edit.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
    // Escape in Settings does not leave Settings.
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()

    const add = page.getByRole('button', { name: 'Add connection' })
    await add.click()
    await page.getByLabel('Marketplace URL').waitFor()
    await page.keyboard.press('Escape')
    await page.getByLabel('Marketplace URL').waitFor({ state: 'detached' })
    await expect.poll(() => add.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
  })

  it('Ctrl+/ opens the shortcuts sheet; Escape closes it, the focus back where it was', async () => {
    const { h } = await startOnDemo()
    const { page } = h
    await page.getByTestId('balance').waitFor()
    const items = main(page).getByRole('button', { name: 'Items' })
    await items.focus()
    await page.keyboard.press('Control+/')
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await sheet.waitFor()
    expect(await sheet.textContent()).toContain('Ctrl+K')
    // Tab stays inside the sheet.
    await page.keyboard.press('Tab')
    expect(await sheet.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'detached' })
    expect(await items.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
    // The sidebar's tooltips name the keys, Validate's both of them.
    expect(await main(page).getByRole('button', { name: 'Validate' }).getAttribute('title')).toBe(
      'Validate (Ctrl+3, or Ctrl+K to check a code)'
    )
  })

  it('a toast never covers a button and leaves with its view', async () => {
    const { h } = await startOnDemo({ viewport: { width: 760, height: 700 } })
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await page.keyboard.press('Control+5')
    const clear = page.getByRole('button', { name: 'Clear', exact: true })
    await clear.scrollIntoViewIfNeeded()
    await clear.click()
    const toast = page.getByTestId('toasts').locator('> *').first()
    await toast.waitFor()
    const t = (await toast.boundingBox())!
    const content = (await page.locator('#content').boundingBox())!
    // Below the scrolling content, not over it: nothing in the view is covered.
    expect(t.y).toBeGreaterThanOrEqual(content.y + content.height - 1)
    await page.keyboard.press('Control+4')
    await page.getByRole('heading', { name: 'History', level: 1 }).waitFor()
    expect(await page.getByTestId('toasts').locator('> *').count()).toBe(0)
  })
})
