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

    // History: verdict, code and support stay.
    await page.keyboard.press('Control+4')
    const table = page.getByRole('table', { name: 'Lookup history' })
    await table.locator('tbody tr').first().waitFor()
    for (const name of ['Verdict', 'Support until'])
      expect((await wholeOnScreen(table.getByRole('columnheader', { name }))).whole).toBe(true)
    const expiredRow = table.locator('tbody tr').filter({
      has: page.getByRole('button', { name: `Re-check ${codes.expired}` })
    })
    const support = await wholeOnScreen(expiredRow.locator('td').nth(4))
    expect(support.whole).toBe(true)
    expect(support.text).toMatch(/\d{4}.*expired/)
    expect((await wholeOnScreen(expiredRow.locator('td').first())).whole).toBe(true)
    // The short code (first and last characters) is not cut further.
    expect((await wholeOnScreen(expiredRow.locator('td').nth(1))).whole).toBe(true)
    // With no Item column, the item's name sits under its code.
    const purchase = market.data.purchases.find((p) => p.code === codes.expired)!
    const item = [...market.data.items, ...market.data.unlisted].find(
      (i) => i.id === purchase.itemId
    )!
    const codeCell = expiredRow.locator('td').nth(1)
    expect(await codeCell.getByRole('button', { name: item.name }).count()).toBe(1)
    // The verdict in two lines at most, the date on one, Re-check inside the window.
    const lines = await expiredRow
      .locator('td')
      .first()
      .evaluate((el) => {
        const badge = el.querySelector('[data-verdict]')!
        return Math.round(
          badge.getBoundingClientRect().height /
            parseFloat(el.ownerDocument.defaultView!.getComputedStyle(badge).lineHeight)
        )
      })
    expect(lines).toBeLessThanOrEqual(2)
    const checked = await wholeOnScreen(expiredRow.locator('td').nth(5).locator('[aria-hidden]'))
    expect(checked.whole).toBe(true)
    const recheck = await wholeOnScreen(
      expiredRow.getByRole('button', { name: `Re-check ${codes.expired}` })
    )
    expect(recheck.whole).toBe(true)
  })
})
