import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startOnDemo } from './harness'
import { codeField as field, paste, verdictCard as verdict } from './validate-helpers'

// The lookup window's page (?view=quick) in real Chromium, served by the browser host with
// the same token, CSP and handlers as the main page, against the demo marketplace. In the
// browser host, "Open in Seller Desk" shows the full app in its own tab (the one this page
// came from, or a new one), never inside the small page; Escape leads back to it here.

async function openQuick(page: Page, baseUrl: string): Promise<void> {
  await page.getByTestId('balance').waitFor()
  // The token moved to sessionStorage on the first load: the quick route needs no new one.
  await page.goto(`${baseUrl}/?view=quick`)
  await page.getByRole('heading', { name: 'Quick lookup' }).waitFor()
}

describe('Quick lookup page', () => {
  it('checks a sample code on Enter, then Enter opens its full record in Validate', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openQuick(page, h.host.baseUrl)
    // Nothing waits on the (absent) clipboard: the field is focused for typing.
    await expect
      .poll(() => field(page).evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true)
    const code = market.sampleCodes.valid
    await field(page).fill(`Hello, my code is ${code}. Thanks!`)
    await page.keyboard.press('Enter')
    await verdict(page).getByRole('heading', { name: 'Valid · support active' }).waitFor()
    expect(await verdict(page).textContent()).toContain(code)
    const support = await verdict(page)
      .getByText(/Support/)
      .first()
      .textContent()
    expect(support).toMatch(/Support active/)
    await page.getByText('Enter opens the full record in Seller Desk').waitFor()

    await field(page).focus()
    const opened = page.context().waitForEvent('page')
    await page.keyboard.press('Enter')
    const main = await opened
    await main.getByRole('heading', { name: 'Validate', level: 1 }).waitFor()
    expect(new URL(main.url()).search).toBe('')
    await verdict(main).getByRole('heading', { name: 'Valid · support active' }).waitFor()
    expect(await main.getByLabel('Purchase code', { exact: true }).inputValue()).toBe(code)
    // The lookup page stays what it was, its verdict still shown.
    expect(new URL(page.url()).search).toBe('?view=quick')
    await verdict(page).getByRole('heading', { name: 'Valid · support active' }).waitFor()
    // One lookup, one request: the main window shows the verdict the quick page just got.
    const checks = market.requests.filter((r) => r.path.includes('purchases/validation'))
    expect(checks.length).toBe(1)
    // ...and one History row for it.
    await main
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /History/ })
      .click()
    const rows = main.getByRole('table', { name: 'Lookup history' }).locator('tbody tr')
    await rows.first().waitFor()
    expect(await rows.count()).toBe(1)
    expect(
      await rows
        .first()
        .getByRole('button', { name: `Re-check ${code}` })
        .count()
    ).toBe(1)
  })

  it('shows expired support and a code that is not valid with the same card; Escape closes', async () => {
    const { h, market } = await startOnDemo({ colorScheme: 'dark' })
    const { page } = h
    await openQuick(page, h.host.baseUrl)
    await field(page).fill(market.sampleCodes.expired)
    await page.keyboard.press('Enter')
    await verdict(page)
      .getByText(/Support expired/)
      .waitFor()

    await field(page).fill('00000000-0000-4000-8000-000000000000')
    await page.keyboard.press('Enter')
    await verdict(page).getByRole('heading', { name: 'Not valid' }).waitFor()

    await page.keyboard.press('Escape')
    await page.getByTestId('balance').waitFor()
    expect(new URL(page.url()).search).toBe('')
  })

  it('at 440 px: a paste checks at once, nothing scrolls sideways, Open reuses the app’s tab', async () => {
    const { h, market } = await startOnDemo({ viewport: { width: 440, height: 540 } })
    const { page } = h
    await openQuick(page, h.host.baseUrl)
    const sideways = () =>
      page.evaluate(() => {
        const el = (
          globalThis as unknown as {
            document: { scrollingElement: { scrollWidth: number; clientWidth: number } }
          }
        ).document.scrollingElement
        return el.scrollWidth - el.clientWidth
      })
    expect(await sideways()).toBe(0)
    const codes = market.sampleCodes
    await paste(page, `Order 1234, code ${codes.expired}`)
    // No Enter: the paste alone checks it, and the field keeps the code.
    await verdict(page)
      .getByText(/Support expired/)
      .waitFor()
    expect(await field(page).inputValue()).toBe(codes.expired)
    expect(await sideways()).toBe(0)

    const opened = page.context().waitForEvent('page')
    await page.getByRole('button', { name: 'Open in Seller Desk' }).click()
    const main = await opened
    await verdict(main)
      .getByText(/Support expired/)
      .waitFor()
    expect(new URL(page.url()).search).toBe('?view=quick')

    // A second code: the same tab shows it (once the seller is back there), no third tab.
    await page.bringToFront()
    await field(page).selectText()
    await paste(page, codes.noSupport)
    await verdict(page).getByRole('heading', { name: 'Valid · no support' }).waitFor()
    await page.getByRole('button', { name: 'Open in Seller Desk' }).click()
    await main.bringToFront()
    await verdict(main).getByRole('heading', { name: 'Valid · no support' }).waitFor()
    expect(page.context().pages().length).toBe(2)
  })

  it('Settings in the browser says the shortcut and tray are desktop only', async () => {
    const { h } = await startOnDemo()
    await h.page.getByTestId('balance').waitFor()
    await h.page.keyboard.press('Control+5')
    await h.page.getByRole('heading', { name: 'Quick lookup' }).waitFor()
    await h.page.getByText(/Desktop app only/).waitFor()
  })
})
