import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { DemoServer } from '../../electron/demo'
import { startOnDemo } from './harness'
import { codeField as field, openValidate, paste, verdictCard as card } from './validate-helpers'

// Issue 14: a verdict a seller can trust. Pasted text is checked for the code in it, a
// verdict always names its code, support that ended is said the same way everywhere, and
// the demo offers one code per verdict. The app runs on its demo marketplace.

const validations = (market: DemoServer) =>
  market.requests.filter((r) => r.path.startsWith('/api/purchases/validation')).length

async function openHistory(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /History/ })
    .click()
  await page.getByRole('heading', { name: 'History', level: 1 }).waitFor()
}

const historyRows = (page: Page) =>
  page.getByRole('table', { name: 'Lookup history' }).locator('tbody tr')

describe('A verdict you can trust', () => {
  it('checks the code inside pasted text, never the text, and keeps no junk in History', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openValidate(page)
    const { valid, expired, noSupport } = market.sampleCodes

    // A sentence around a valid code: the code is checked, and the page says which.
    await paste(page, `Purchase code: ${valid.toUpperCase()} (thanks!)`)
    await card(page).getByRole('heading', { name: 'Valid · support active', exact: true }).waitFor()
    expect(await card(page).textContent()).toContain(valid)
    expect(await field(page).inputValue()).toBe(valid)
    await page.getByText(/Found in the text: checked /).waitFor()

    // "Code:" on one line, the code on the next, sent with Enter.
    await field(page).fill('')
    await paste(page, `Code:\n${expired}\n`)
    await card(page).getByText(expired, { exact: true }).waitFor()
    expect(await card(page).getAttribute('data-verdict')).toBe('support-expired')

    // Text with no code: said before anything is sent.
    const before = validations(market)
    await field(page).fill('Thanks, see you next week')
    await page.keyboard.press('Enter')
    const none = page.getByRole('alert').filter({ hasText: 'No purchase code found' })
    await none.waitFor()
    expect(validations(market)).toBe(before)
    // Main refuses text with spaces as not a code, so it is not offered "Check anyway": one
    // sentence with the next step, and no second, contradicting message.
    expect(await none.textContent()).toContain('a code has no spaces, so paste just the code')
    expect(await none.getByRole('button', { name: 'Check anyway' }).count()).toBe(0)
    expect(await page.getByRole('alert').count()).toBe(1)
    expect(validations(market)).toBe(before)

    // Several codes: the first is checked, all can go to Bulk in one click.
    await field(page).fill(`Mine is ${noSupport}, my colleague has ${valid}`)
    await page.keyboard.press('Enter')
    await card(page).getByText(noSupport, { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Check all 2 in Bulk' }).click()
    await page.getByText('Finished', { exact: true }).waitFor()
    expect(await page.getByRole('table', { name: 'Bulk results' }).getByRole('row').count()).toBe(3)

    // History holds the codes checked, each alone: no sentence, no junk.
    await openHistory(page)
    await page.getByText('5 lookups').waitFor()
    const codes = await historyRows(page)
      .getByRole('button', { name: /^Re-check / })
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
    expect(codes.sort()).toEqual(
      [valid, expired, noSupport, noSupport, valid].map((c) => `Re-check ${c}`).sort()
    )
  })

  it('shrinks a verdict to one line once the field holds another code', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openValidate(page)
    await field(page).fill(market.sampleCodes.valid)
    await page.keyboard.press('Enter')
    await card(page).getByRole('heading', { name: 'Valid · support active', exact: true }).waitFor()
    expect(await card(page).getAttribute('data-stale')).toBeNull()

    await field(page).fill(market.sampleCodes.invalid)
    expect(await card(page).getAttribute('data-stale')).toBe('true')
    // One muted line now, still naming the code it is about.
    expect(await card(page).getByTitle(market.sampleCodes.valid).count()).toBe(1)
    expect(await card(page).textContent()).toMatch(/^Earlier: Valid · support active · /)
    await page.keyboard.press('Enter')
    await card(page).getByRole('heading', { name: 'Not valid', exact: true }).waitFor()
    expect(await card(page).getAttribute('data-stale')).toBeNull()
  })

  it('offers the demo’s sample codes, one click per verdict, with one wording everywhere', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openValidate(page)
    const samples = page.getByRole('region', { name: 'Try a demo code' })
    const expected = [
      ['Valid', market.sampleCodes.valid, 'supported', 'Valid · support active'],
      ['Support expired', market.sampleCodes.expired, 'support-expired', 'Valid · support expired'],
      ['No support', market.sampleCodes.noSupport, 'no-support', 'Valid · no support'],
      ['Invalid', market.sampleCodes.invalid, 'not-valid', 'Not valid']
    ] as const
    for (const [button, code, state] of expected) {
      await samples.getByRole('button', { name: button, exact: true }).click()
      await card(page).getByText(code, { exact: true }).waitFor()
      await page.locator(`article[data-verdict="${state}"]`).waitFor()
    }

    // Recent lookups word each verdict as the model does.
    const recent = page.getByRole('region', { name: 'Recent lookups' }).getByRole('listitem')
    for (const [, code, state, label] of expected) {
      const row = recent.filter({ has: page.locator(`[title="${code}"]`) })
      expect(await row.locator(`[data-verdict="${state}"]`).textContent()).toBe(label)
    }
    // At 1280 px the list spans the content column (not the form's width), names uncut.
    const span = await page.getByRole('region', { name: 'Recent lookups' }).evaluate((el) => {
      const main = el.parentElement!.closest('section')!.getBoundingClientRect()
      const list = el.getBoundingClientRect()
      const cut = Array.from(el.querySelectorAll('li button > span:nth-child(3)')).some(
        (s) => (s as typeof el).scrollWidth > (s as typeof el).clientWidth
      )
      return { gap: main.right - list.right, cut }
    })
    expect(span.gap).toBeLessThan(48)
    expect(span.cut).toBe(false)

    // History too, and its search knows the verdict words and licence names.
    await openHistory(page)
    await page.getByText('4 lookups').waitFor()
    expect(
      await historyRows(page).locator('[data-verdict="support-expired"]').first().textContent()
    ).toBe('Valid · support expired')
    const search = page.getByRole('searchbox', { name: 'Search history' })
    await search.fill('expired')
    await page.getByText('1 match', { exact: true }).waitFor()
    await historyRows(page)
      .getByRole('button', { name: `Re-check ${market.sampleCodes.expired}` })
      .waitFor()
    await search.fill('no support')
    await page.getByText('1 match', { exact: true }).waitFor()
    await historyRows(page)
      .getByRole('button', { name: `Re-check ${market.sampleCodes.noSupport}` })
      .waitFor()
    await search.fill('not valid')
    await page.getByText('1 match', { exact: true }).waitFor()
    await historyRows(page)
      .getByRole('button', { name: `Re-check ${market.sampleCodes.invalid}` })
      .waitFor()

    // A licence name finds the checks bought under it.
    const licence = market.data.purchases.find((p) => p.code === market.sampleCodes.valid)!.license
    const word = licence === 'regular' ? 'regular' : 'extended'
    const sameLicence = [
      market.sampleCodes.valid,
      market.sampleCodes.expired,
      market.sampleCodes.noSupport
    ].filter((c) => market.data.purchases.find((p) => p.code === c)!.license === licence)
    await search.fill(word)
    await page
      .getByText(`${sameLicence.length} ${sameLicence.length === 1 ? 'match' : 'matches'}`, {
        exact: true
      })
      .waitFor()
  })
})
