import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { DemoServer } from '../../electron/demo'
import { expectNoSeriousViolations } from './axe'
import { startOnDemo } from './harness'

// A seller pastes a buyer's e-mail thread (or a spreadsheet column) into Bulk and gets a
// verdict for every code in it. The app runs on its demo marketplace, started here so
// the test knows which codes are valid.

async function openBulk(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  await page.keyboard.press('Control+K')
  await page.getByRole('heading', { name: 'Validate', level: 1 }).waitFor()
  await page.getByRole('tab', { name: 'Bulk' }).click()
  await page.getByLabel('Codes to check').waitFor()
}

/** Prose with codes in it, as a seller would paste an e-mail thread. */
function pastedText(market: DemoServer): { text: string; codes: string[]; validCodes: string[] } {
  const { valid, expired, noSupport, invalid } = market.sampleCodes
  const refunded = market.data.purchases.find((p) => p.state === 'refunded')!.code
  const more = market.data.purchases
    .filter((p) => p.state === 'active' && ![valid, expired, noSupport].includes(p.code))
    .slice(0, 4)
    .map((p) => p.code)
  const text = [
    'Hi, thanks for the quick reply!',
    `My code is ${valid.toUpperCase()} and my colleague's is "${expired}".`,
    `> On Monday you wrote: please send ${valid} again`,
    `Also these: ${noSupport}, ${invalid};`,
    `${refunded}`,
    ...more.map((c, i) => `${i + 1}. ${c}`),
    'Best regards, Sam (order 2024-05-01)'
  ].join('\n')
  return {
    text,
    codes: [valid, expired, noSupport, invalid, refunded, ...more],
    validCodes: [valid, expired, noSupport, ...more]
  }
}

/** The id of the element with the keyboard focus. */
const focusedId = (page: Page): Promise<string | undefined> =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document
        .activeElement?.id
  )

const results = (page: Page) => page.getByRole('table', { name: 'Bulk results' })
const resultRow = (page: Page, code: string) =>
  results(page).getByRole('row').filter({ hasText: code })

describe('Bulk validation', () => {
  it('pulls the codes out of pasted text, checks each to the end and exports them', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openBulk(page)
    const { text, codes, validCodes } = pastedText(market)
    await page.getByLabel('Codes to check').fill(text)
    await page.getByRole('button', { name: 'Check all' }).click()

    // Duplicates merged (the valid code appears twice, once upper-case).
    await page.getByText(`${codes.length} codes found in the pasted text`).waitFor()
    await page.getByText('Finished', { exact: true }).waitFor()
    expect(await page.getByTestId('bulk-progress-text').textContent()).toBe(
      `${codes.length} of ${codes.length} checked`
    )
    const bar = page.getByRole('progressbar', { name: 'Codes checked' })
    expect(await bar.getAttribute('aria-valuenow')).toBe(String(codes.length))
    expect(await bar.getAttribute('aria-valuemax')).toBe(String(codes.length))
    // The summary counts each verdict; the three valid ones add up to the valid codes.
    const count = async (name: string): Promise<number> => {
      const label = await page
        .getByRole('group', { name: 'Show codes by verdict' })
        .getByRole('button', { name: new RegExp(`^${name} \\d+$`) })
        .textContent()
      return Number(/(\d+)$/.exec(label ?? '')?.[1])
    }
    expect(
      (await count('Valid · support active')) +
        (await count('Valid · support expired')) +
        (await count('Valid · no support'))
    ).toBe(validCodes.length)
    expect(await count('Not valid')).toBe(codes.length - validCodes.length)
    // No code ended unchecked, so there is no filter for it.
    expect(
      await page
        .getByRole('group', { name: 'Show codes by verdict' })
        .getByRole('button', { name: /^Not checked/ })
        .count()
    ).toBe(0)

    // Every code reported once, in the order pasted, with its verdict.
    const rows = results(page).getByRole('row')
    expect(await rows.count()).toBe(codes.length + 1)
    for (const [i, code] of codes.entries()) {
      const row = resultRow(page, code)
      expect(await row.count()).toBe(1)
      expect(await row.getAttribute('aria-rowindex')).toBe(String(i + 2))
      expect(await row.getAttribute('data-status')).toBe(
        validCodes.includes(code) ? 'valid' : 'not-valid'
      )
    }
    const { valid } = market.sampleCodes
    const purchase = market.data.purchases.find((p) => p.code === valid)!
    const item = [...market.data.items, ...market.data.unlisted].find(
      (i) => i.id === purchase.itemId
    )!
    expect(await resultRow(page, valid).textContent()).toContain(item.name)

    // The codes to answer "not valid" to, on the clipboard one a line, in the order pasted.
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: 'Copy not-valid codes' }).click()
    await page.getByText(/^Copied \d+ not-valid codes, one a line\.$/).waitFor()
    const clipboard = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText()
    )
    expect(clipboard.split('\n')).toEqual(codes.filter((c) => !validCodes.includes(c)))

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click()
    ])
    expect(download.suggestedFilename()).toMatch(/^seller-desk-bulk-check-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '')
    const lines = csv.trimEnd().split('\r\n')
    // The one CSV shape, the same as History's export.
    expect(lines[0]).toBe(
      'Purchase code,Verdict,Item,Item ID,Licence,Support until,Checked at,Reason'
    )
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(codes)
    expect(lines[1]).toMatch(
      new RegExp(`^${valid},Valid · support active,[^,]*,${purchase.itemId},`)
    )
    expect(lines[4]).toMatch(new RegExp(`^${market.sampleCodes.invalid},Not valid,`))

    // The checks went into the lookup history too.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /History/ })
      .click()
    await page.getByText(`${codes.length} lookups`).waitFor()

    // Back on Validate, the finished job is still there; a new one starts from the text.
    await page.keyboard.press('Control+3')
    await page.getByText('Finished', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'New bulk check' }).click()
    expect(await page.getByLabel('Codes to check').inputValue()).toBe(text)
  })

  it('counts codes on paste, says expired support, filters by verdict, and calls cancelled codes not checked', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openBulk(page)
    const { text, codes } = pastedText(market)
    await page.getByLabel('Codes to check').fill(text)
    // Before "Check all": how many codes the text holds (counted from a deferred value, so
    // a render or two after the paste).
    await expect
      .poll(() => page.getByTestId('bulk-found').textContent())
      .toBe(`${codes.length} codes found, duplicates merged.`)
    await page.getByRole('button', { name: 'Check all' }).click()
    await page.getByText('Finished', { exact: true }).waitFor()

    const { expired } = market.sampleCodes
    const expiredRow = resultRow(page, expired)
    expect(await expiredRow.getAttribute('data-verdict')).toBe('support-expired')
    expect(await expiredRow.textContent()).toContain('Valid · support expired')
    expect(await expiredRow.textContent()).not.toMatch(/support until/i)

    // Only the expired ones, then valid first.
    await page.getByRole('button', { name: /^Valid · support expired \d+$/ }).click()
    const shown = results(page).getByRole('row')
    const states = async (): Promise<string[]> =>
      (await shown.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-verdict')))).slice(
        1
      ) as string[]
    expect(new Set(await states())).toEqual(new Set(['support-expired']))
    // One code shown: the box is as tall as its row, no empty bordered space under it.
    const fit = await page.getByTestId('bulk-scroller').evaluate((el) => ({
      box: el.clientHeight,
      rows: Array.from(
        el.querySelectorAll('[role="rowgroup"]'),
        (g) => (g as typeof el).getBoundingClientRect().height
      ).reduce((sum, x) => sum + x, 0)
    }))
    expect(fit.box).toBe(Math.round(fit.rows))
    await page.getByRole('button', { name: /^All \d+$/ }).click()
    await page.getByLabel('Order').selectOption('verdict')
    const order = await states()
    expect(order[0]).toBe('supported')
    expect(order[order.length - 1]).toBe('not-valid')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click()
    ])
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv).toContain(`${expired},Valid · support expired,`)

    // Cancelled part way: what was not sent reads "Not checked", never "Waiting".
    await page.getByRole('button', { name: 'New bulk check' }).click()
    market.faults.inject(
      { type: 'latency', ms: 1500 },
      { times: 100, path: '/api/purchases/validation' }
    )
    await page.getByRole('button', { name: 'Check all' }).click()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByText('Cancelled', { exact: true }).waitFor()
    await page.getByText(/not checked\. They are listed and exported as “Not checked”/).waitFor()
    const notChecked = results(page).locator('[data-verdict="not-checked"]')
    expect(await notChecked.count()).toBeGreaterThan(0)
    expect(await notChecked.first().textContent()).toContain('Not checked')
    expect(await results(page).locator('[data-verdict="waiting"]').count()).toBe(0)
  })

  it('ends a run the marketplace did not answer as not checked, says why once, and retries only those', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openBulk(page)
    const { valid, expired, noSupport, invalid } = market.sampleCodes
    const list = [valid, expired, noSupport, invalid]
    const validations = () =>
      market.requests.filter((r) => r.path.startsWith('/api/purchases/validation')).length
    // The marketplace refuses the key for every check.
    market.faults.inject(
      { type: 'status', status: 401, body: 'json' },
      { path: '/api/purchases/validation' }
    )
    const field = page.getByLabel('Codes to check')
    await field.fill(list.join('\n'))
    await field.press('Control+Enter')
    // Started by the keyboard: focus is on the progress heading, not lost to the page.
    await expect.poll(() => focusedId(page)).toBe('bulk-progress-title')

    const state = page.getByTestId('bulk-state')
    await state.filter({ hasText: '4 not checked' }).waitFor()
    expect(await page.getByText('Finished', { exact: true }).count()).toBe(0)
    expect(await page.getByTestId('bulk-progress-text').textContent()).toBe('0 of 4 checked')
    const bar = page.getByRole('progressbar', { name: 'Codes checked' })
    expect(await bar.getAttribute('aria-valuenow')).toBe('0')
    expect(await bar.getAttribute('aria-valuetext')).toBe('0 of 4 checked, 4 not checked')
    // The reason, whole, once above the table; each row points to it.
    const reason = page.getByTestId('bulk-shared-reason')
    const said = (await reason.textContent()) ?? ''
    expect(said).toMatch(/^4 codes not checked\. .*refused the API key.*Settings\.$/)
    expect(said).not.toContain('…')
    expect(await reason.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    const rows = results(page).locator('[role="row"][data-verdict="not-checked"]')
    expect(await rows.count()).toBe(4)
    expect(await rows.first().textContent()).toContain('See the reason above the table')
    await expectNoSeriousViolations(page, 'Bulk, key refused')
    await h.screenshot('bulk-refused-light-1280')

    // The key is accepted again: Retry sends the four codes once more, and only them.
    market.faults.clear()
    const before = validations()
    await page.getByRole('button', { name: 'Retry not checked' }).click()
    await state.filter({ hasText: 'Finished' }).waitFor()
    expect(validations() - before).toBe(4)
    expect(await page.getByTestId('bulk-progress-text').textContent()).toBe('4 of 4 checked')
    expect(await reason.count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Retry not checked' }).count()).toBe(0)

    // Half refused: the retry sends only what was not answered; the verdicts stay.
    await page.getByRole('button', { name: 'New bulk check' }).click()
    market.faults.inject(
      { type: 'status', status: 401, body: 'json' },
      { times: 2, path: '/api/purchases/validation' }
    )
    await page.getByRole('button', { name: 'Check all' }).click()
    await state.filter({ hasText: '2 not checked' }).waitFor()
    const answered = await results(page)
      .locator('[role="row"][data-status="valid"], [role="row"][data-status="not-valid"]')
      .evaluateAll((els) => els.map((e) => e.textContent))
    expect(answered).toHaveLength(2)
    const resend = validations()
    await page.getByRole('button', { name: 'Retry not checked' }).click()
    await state.filter({ hasText: 'Finished' }).waitFor()
    expect(validations() - resend).toBe(2)
    for (const text of answered)
      expect(await results(page).getByRole('row').filter({ hasText: text! }).count()).toBe(1)
  })

  it('reaches all of 30 results by keyboard, at 1280 and 760 px in both themes', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openBulk(page)
    const thirty = market.data.purchases.slice(0, 30).map((p) => p.code)
    expect(new Set(thirty).size).toBe(30)
    await page.getByLabel('Codes to check').fill(thirty.join('\n'))
    await page.getByRole('button', { name: 'Check all' }).click()
    await expect.poll(() => focusedId(page)).toBe('bulk-progress-title')
    await expectNoSeriousViolations(page, 'Bulk progress, 30 codes')
    await page
      .getByTestId('bulk-state')
      .filter({ hasText: 'Finished' })
      .waitFor({ timeout: 60_000 })

    // Tab from the heading reaches the results, and the keyboard scrolls them to the last row.
    const table = results(page)
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      if (await table.evaluate((el) => el === el.ownerDocument.activeElement)) break
    }
    expect(await table.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
    await page.keyboard.press('End')
    const last = table.locator('[role="row"][aria-rowindex="31"]')
    await last.waitFor()
    const inView = async (): Promise<boolean> => {
      const t = (await table.boundingBox())!
      const r = (await last.boundingBox())!
      return r.y >= t.y && r.y + r.height <= t.y + t.height + 1
    }
    await expect.poll(inView).toBe(true)

    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 760, height: 700 }
      ]) {
        await page.emulateMedia({ colorScheme })
        await page.setViewportSize(viewport)
        await table.evaluate((el) => el.scrollTo({ top: 0 }))
        await expectNoSeriousViolations(
          page,
          `Bulk results, 30 codes (${colorScheme}, ${viewport.width}x${viewport.height})`
        )
        await h.screenshot(`bulk-30-${colorScheme}-${viewport.width}`)
      }
    }
  })

  it('warns only when the marketplace itself made the check wait', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openBulk(page)
    // The site answers 429 with Retry-After: 3 s once: the client waits it out, visibly.
    market.faults.inject(
      { type: 'status', status: 429, body: 'json', retryAfter: 3 },
      { times: 1, path: '/api/purchases/validation' }
    )
    await page.getByLabel('Codes to check').fill(pastedText(market).text)
    await page.getByRole('button', { name: 'Check all' }).click()
    await page.getByText(/Waiting for the marketplace’s rate limit · continuing in \d+ s/).waitFor()
    await page.getByText('Finished', { exact: true }).waitFor()
    expect(await page.getByText(/Waiting for the marketplace’s rate limit/).count()).toBe(0)
  })

  it('says so when the text holds no codes', async () => {
    const { h } = await startOnDemo()
    await openBulk(h.page)
    await h.page.getByLabel('Codes to check').fill('Thanks for the help!\nSee you soon.')
    await h.page.getByRole('button', { name: 'Check all' }).click()
    await h.page
      .getByRole('alert')
      .getByText(/No purchase codes were found/)
      .waitFor()
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 760, height: 700 }
    ]) {
      it(`looks right (${colorScheme}, ${viewport.width}x${viewport.height})`, async () => {
        const { h, market } = await startOnDemo({ colorScheme, viewport })
        await openBulk(h.page)
        const { text } = pastedText(market)
        await h.page.getByLabel('Codes to check').fill(text)
        await h.screenshot(`bulk-input-${colorScheme}-${viewport.width}`)
        await h.page.getByRole('button', { name: 'Check all' }).click()
        await h.page.getByText('Finished', { exact: true }).waitFor()
        await h.screenshot(`bulk-done-${colorScheme}-${viewport.width}`)
      })
    }
  }
})
