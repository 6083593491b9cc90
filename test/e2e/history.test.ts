import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startOnDemo } from './harness'

// Every check the seller makes is kept per connection: History lists them newest first,
// finds them, checks one again and exports them. The app runs on its demo marketplace,
// started here so the test knows the sample codes and can refund a purchase.

/** Checks each code on the Validate screen and waits for its verdict. */
async function validate(page: Page, codes: readonly string[]): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  await page.keyboard.press('Control+K')
  const field = page.getByLabel('Purchase code', { exact: true })
  for (const code of codes) {
    await field.fill(code)
    await field.press('Enter')
    await page
      .locator('article[aria-labelledby="verdict-word"]')
      .getByText(code, { exact: true })
      .waitFor()
  }
}

async function openHistory(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /History/ })
    .click()
  await page.getByRole('heading', { name: 'History', level: 1 }).waitFor()
}

const table = (page: Page) => page.getByRole('table', { name: 'Lookup history' })
const rows = (page: Page) => table(page).locator('tbody tr')
const rowOf = (page: Page, code: string) =>
  rows(page).filter({ has: page.getByRole('button', { name: `Re-check ${code}` }) })

describe('History', () => {
  it('lists, searches, re-checks (flagging a refund) and exports the checks made', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    const { valid, expired, invalid } = market.sampleCodes
    await validate(page, [valid, expired, invalid])
    await openHistory(page)

    // Newest first, every fact of a check in its row.
    await rows(page).nth(2).waitFor()
    expect(await rows(page).count()).toBe(3)
    expect(await rows(page).nth(0).getAttribute('data-flag')).toBeNull()
    expect(await rowOf(page, invalid).textContent()).toContain('Not valid')
    expect(
      await rows(page)
        .nth(0)
        .getByRole('button', { name: `Re-check ${invalid}` })
        .count()
    ).toBe(1)
    expect(
      await rows(page)
        .nth(2)
        .getByRole('button', { name: `Re-check ${valid}` })
        .count()
    ).toBe(1)
    const purchase = market.data.purchases.find((p) => p.code === valid)!
    const item = [...market.data.items, ...market.data.unlisted].find(
      (i) => i.id === purchase.itemId
    )!
    const validRow = rowOf(page, valid)
    expect(await validRow.textContent()).toContain('Valid')
    await validRow.getByRole('button', { name: item.name }).waitFor()
    await page.getByText('3 lookups').waitFor()

    // At 1280 px: "Valid · support expired" on one line, the item's name and the search's
    // placeholder uncut.
    const badge = rowOf(page, expired).locator('td').first().locator('[data-verdict]')
    const badgeBox = await badge.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      line: parseFloat(el.ownerDocument.defaultView!.getComputedStyle(el).lineHeight)
    }))
    expect(badgeBox.height).toBeLessThan(badgeBox.line * 1.5)
    const name = validRow.getByRole('button', { name: item.name })
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    const placeholderFits = await page
      .getByRole('searchbox', { name: 'Search history' })
      .evaluate((el) => {
        type Canvas = {
          getContext(kind: '2d'): { font: string; measureText(t: string): { width: number } }
        }
        const doc = el.ownerDocument as unknown as { createElement(tag: 'canvas'): Canvas }
        const style = el.ownerDocument.defaultView!.getComputedStyle(el)
        const ctx = doc.createElement('canvas').getContext('2d')
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return ctx.measureText(el.getAttribute('placeholder') ?? '').width <= room
      })
    expect(placeholderFits).toBe(true)

    // Search by part of a code, then by verdict word.
    const search = page.getByRole('searchbox', { name: 'Search history' })
    await search.fill(expired.slice(0, 13))
    await page.getByText('1 match', { exact: true }).waitFor()
    expect(await rows(page).count()).toBe(1)
    await rowOf(page, expired).waitFor()
    await search.fill('not valid')
    await page.getByText('1 match', { exact: true }).waitFor()
    await rowOf(page, invalid).waitFor()
    await search.fill('no such code at all')
    await page.getByText('No lookups match “no such code at all”.').waitFor()
    await page.getByRole('button', { name: 'Clear search' }).first().click()
    await page.getByText('3 lookups').waitFor()

    // The buyer got a refund: checking the code again says so, and flags it.
    purchase.state = 'refunded'
    await rowOf(page, valid)
      .first()
      .getByRole('button', { name: `Re-check ${valid}` })
      .click()
    await page.getByText('4 lookups').waitFor()
    const newest = rows(page).nth(0)
    expect(await newest.getByRole('button', { name: `Re-check ${valid}` }).count()).toBe(1)
    expect(await newest.getAttribute('data-flag')).toBe('was-valid')
    expect(await newest.textContent()).toContain('Not valid')
    expect(await newest.textContent()).toContain('Was valid')
    await page.getByText(/is no longer valid: refunded or cancelled\?/).waitFor()
    // The earlier check keeps its verdict.
    expect(await rows(page).nth(3).textContent()).toContain('Valid')
    await search.fill('refunded')
    await page.getByText('1 match', { exact: true }).waitFor()
    await search.fill('')
    await page.getByText('4 lookups').waitFor()

    // Export: a CSV download with every check, newest first.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click()
    ])
    expect(download.suggestedFilename()).toMatch(/^seller-desk-history-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '')
    const lines = csv.trimEnd().split('\r\n')
    // The one CSV shape, the same as a bulk run's export.
    expect(lines[0]).toBe(
      'Purchase code,Verdict,Item,Item ID,Licence,Support until,Checked at,Reason'
    )
    expect(lines).toHaveLength(5)
    expect(lines[1]).toMatch(new RegExp(`^${valid},Not valid,.*it was valid when checked before$`))
    expect(lines[2]).toMatch(new RegExp(`^${invalid},Not valid,`))
    // Support that ended is said in the export as on screen.
    expect(lines[3]).toMatch(new RegExp(`^${expired},Valid · support expired,`))
    // The oldest check, made while the purchase stood: the item by name and by ID.
    expect(lines[4]!.split(',').slice(0, 4)).toEqual([
      valid,
      'Valid · support active',
      item.name,
      String(purchase.itemId)
    ])
    await page.getByText('History exported as CSV.').waitFor()

    // An item opens from its row, and Back returns to History.
    await rowOf(page, valid).last().getByRole('button', { name: item.name }).click()
    await page.getByRole('heading', { name: item.name, level: 1 }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { name: 'History', level: 1 }).waitFor()
  })

  it('says how to start when nothing was checked yet', async () => {
    const { h } = await startOnDemo()
    await h.page.getByTestId('balance').waitFor()
    await openHistory(h.page)
    await h.page.getByText('No codes have been checked on this marketplace yet.').waitFor()
    expect(await h.page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true)
    await h.page.getByRole('button', { name: 'Check a code' }).click()
    await h.page.getByLabel('Purchase code', { exact: true }).waitFor()
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 760, height: 700 }
    ]) {
      it(`looks right (${colorScheme}, ${viewport.width}x${viewport.height})`, async () => {
        const { h, market } = await startOnDemo({ colorScheme, viewport })
        const { valid, expired, noSupport, invalid } = market.sampleCodes
        await validate(h.page, [valid, expired, noSupport, invalid])
        market.data.purchases.find((p) => p.code === valid)!.state = 'refunded'
        await validate(h.page, [valid])
        await openHistory(h.page)
        await h.page.getByText('5 lookups').waitFor()
        await h.screenshot(`history-${colorScheme}-${viewport.width}`)
      })
    }
  }
})
