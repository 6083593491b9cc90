import { describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { startOnDemo } from './harness'

// A 760 px window (a laptop split in two): what the seller decides on stays in view.

/** Shown, not cut off (no ellipsis, no clamp hiding the end) and inside the window. */
function wholeOnScreen(l: Locator): Promise<{ text: string; whole: boolean }> {
  return l.evaluate((el) => {
    const win = el.ownerDocument.defaultView!
    const r = el.getBoundingClientRect()
    const shown = r.width > 0 && r.height > 0 && win.getComputedStyle(el).visibility !== 'hidden'
    const inside = r.left >= 0 && r.right <= win.innerWidth + 0.5
    const uncut = el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1
    return { text: (el.textContent ?? '').trim(), whole: shown && inside && uncut }
  })
}

describe('Narrow window (760 px)', () => {
  it('keeps codes, verdicts and support in view, and the Items toolbar in two rows', async () => {
    const { h, market } = await startOnDemo({ viewport: { width: 760, height: 700 } })
    const { page } = h
    const codes = market.sampleCodes
    await page.getByTestId('balance').waitFor()

    // The connection menu is wider than the sidebar and not cut by it.
    await page.getByRole('button', { name: /^Connection: / }).click()
    const menu = page.getByRole('menu')
    await menu.waitFor()
    const box = (await menu.boundingBox())!
    const sidebarRight = await page
      .locator('aside')
      .evaluate((el) => el.getBoundingClientRect().right)
    expect(box.x + box.width).toBeGreaterThan(sidebarRight)
    const topmost = await page.evaluate(
      ([x, y]) => {
        const doc = (
          globalThis as unknown as {
            document: {
              elementFromPoint(x: number, y: number): { closest(s: string): unknown } | null
            }
          }
        ).document
        return doc.elementFromPoint(x!, y!)?.closest('[role="menu"]') != null
      },
      [box.x + box.width - 6, box.y + box.height / 2]
    )
    expect(topmost).toBe(true)
    await page.keyboard.press('Escape')

    // Items toolbar: at most two rows.
    await page.keyboard.press('Control+2')
    const toolbar = page.getByRole('toolbar', { name: 'Filter items' })
    await toolbar.waitFor()
    const rows = await toolbar.evaluate(
      (el) =>
        new Set(
          Array.from(el.children, (c) => Math.round((c as typeof el).getBoundingClientRect().top))
        ).size
    )
    expect(rows).toBeLessThanOrEqual(2)

    // Validate: recent lookups keep the code.
    await page.keyboard.press('Control+K')
    const field = page.getByLabel('Purchase code', { exact: true })
    for (const code of [codes.expired, codes.valid]) {
      await field.fill(code)
      await page.keyboard.press('Enter')
      await page.locator('article[aria-labelledby="verdict-word"]').getByText(code).waitFor()
    }
    const recent = page.getByRole('region', { name: 'Recent lookups' })
    const recentCode = recent.locator('li').first().locator('.mono')
    const rc = await wholeOnScreen(recentCode)
    expect(rc.whole).toBe(true)
    expect(codes.valid.startsWith(rc.text.slice(0, 8))).toBe(true)

    // Validate: the item keeps most of the row rather than ~85 px beside a slack verdict.
    const recentItem = await recent
      .locator('li')
      .first()
      .evaluate((li) => {
        const row = li.querySelector('button')!.getBoundingClientRect()
        const item = li.querySelector('button > span:nth-child(3)')!.getBoundingClientRect()
        return { item: item.width, row: row.width }
      })
    expect(recentItem.item).toBeGreaterThan(recentItem.row / 2)

    // Bulk: each row keeps its code (short form on screen, whole in the tooltip and read
    // out) on one line and its support, and the item's name on a second line under the code
    // and verdict; the verdict filters take at most two rows.
    await page.getByRole('tab', { name: 'Bulk' }).click()
    await page.getByLabel('Codes to check').fill([codes.valid, codes.noSupport].join('\n'))
    await page.getByRole('button', { name: 'Check all' }).click()
    await page.getByText('Finished', { exact: true }).waitFor()
    const results = page.getByRole('table', { name: 'Bulk results' })
    for (const [code, support] of [
      [codes.valid, /Support active/],
      [codes.noSupport, /No support/]
    ] as const) {
      const row = results.getByRole('row').filter({ hasText: code })
      const cell = row.getByRole('cell').nth(1)
      expect(await cell.getAttribute('title')).toBe(code)
      const shown = await wholeOnScreen(cell.locator('[aria-hidden="true"]'))
      expect(shown).toEqual({ text: `${code.slice(0, 8)}…${code.slice(-4)}`, whole: true })
      const oneLine = await cell.evaluate((el) => el.getBoundingClientRect().height)
      expect(oneLine).toBeLessThan(24)
      const meta = await wholeOnScreen(row.getByText(support))
      expect(meta.whole).toBe(true)
      const purchase = market.data.purchases.find((p) => p.code === code)!
      const name = [...market.data.items, ...market.data.unlisted].find(
        (i) => i.id === purchase.itemId
      )!.name
      const item = row.getByText(name, { exact: true })
      expect(await wholeOnScreen(item)).toEqual({ text: name, whole: true })
      // Two lines: the code and verdict side by side, the item under them.
      const verdict = (await row.getByRole('cell').nth(2).boundingBox())!
      const codeBox = (await cell.boundingBox())!
      const itemBox = (await item.boundingBox())!
      expect(
        Math.abs(verdict.y + verdict.height / 2 - (codeBox.y + codeBox.height / 2))
      ).toBeLessThan(4)
      expect(itemBox.y).toBeGreaterThanOrEqual(codeBox.y + codeBox.height - 1)
    }
    const filterRows = await page
      .getByRole('group', { name: 'Show codes by verdict' })
      .evaluate(
        (el) =>
          new Set(
            Array.from(el.children, (c) => Math.round((c as typeof el).getBoundingClientRect().top))
          ).size
      )
    expect(filterRows).toBeLessThanOrEqual(2)

    // History: each check in two lines, no column hidden: verdict, code and Re-check,
    // then the item's name, licence, support and when, each whole and inside the window.
    await page.keyboard.press('Control+4')
    const table = page.getByRole('table', { name: 'Lookup history' })
    await table.locator('tbody tr').first().waitFor()
    const expiredRow = table.locator('tbody tr').filter({
      has: page.getByRole('button', { name: `Re-check ${codes.expired}` })
    })
    const purchase = market.data.purchases.find((p) => p.code === codes.expired)!
    const item = [...market.data.items, ...market.data.unlisted].find(
      (i) => i.id === purchase.itemId
    )!
    const cells = expiredRow.getByRole('cell')
    const whole = async (l: Locator): Promise<string> => {
      const shown = await wholeOnScreen(l)
      expect(shown.whole, shown.text).toBe(true)
      return shown.text
    }
    expect(await whole(cells.nth(0).locator('[data-verdict]'))).toMatch(/support expired/)
    // The whole code fits beside the verdict with the sidebar collapsed.
    expect(await whole(cells.nth(1).locator('span').first())).toBe(codes.expired)
    expect(await whole(cells.nth(2).getByRole('button', { name: item.name }))).toBe(item.name)
    expect((await whole(cells.nth(3))).toLowerCase()).toContain(purchase.license)
    expect(await whole(cells.nth(4))).toMatch(/\d{4}.*expired/)
    await whole(cells.nth(5).locator('[aria-hidden]'))
    await whole(expiredRow.getByRole('button', { name: `Re-check ${codes.expired}` }))
    // Two lines: code and verdict on the first, item and details on the second.
    const top = (l: Locator) => l.evaluate((el) => Math.round(el.getBoundingClientRect().top))
    const [verdictTop, codeTop, itemTop, licenceTop] = await Promise.all(
      [0, 1, 2, 3].map((n) => top(cells.nth(n)))
    )
    expect(Math.abs(verdictTop! - codeTop!)).toBeLessThan(6)
    expect(itemTop!).toBeGreaterThan(codeTop! + 10)
    expect(Math.abs(itemTop! - licenceTop!)).toBeLessThan(6)
    // The table scrolls only down, never sideways.
    expect(
      await page.locator('[data-scroller]').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)
    ).toBe(true)

    // The sidebar keeps to its icons, each named for assistive tech and by its tooltip,
    // and shows the names again on request.
    const sidebar = page.locator('aside')
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(80)
    const historyLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'History' })
    expect(await historyLink.getAttribute('title')).toBe('History (Ctrl+4)')
    expect(await historyLink.getAttribute('aria-current')).toBe('page')
    const toggle = page.getByRole('button', { name: 'Show names' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.click()
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(200)
    expect(await historyLink.getByText('History').isVisible()).toBe(true)
    // With the names shown the code keeps its ends (the whole code in its tooltip).
    expect(await cells.nth(1).locator('[title]').getAttribute('title')).toBe(codes.expired)
    await whole(cells.nth(1).locator('[title] [aria-hidden]'))
  })
})
