import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { DemoServer } from '../../electron/demo'
import { startOnDemo } from './harness'
import { codeField as field, openValidate, paste, verdictCard as verdict } from './validate-helpers'

// A buyer writes in with a purchase code; the seller checks it in Validate. The app runs
// on its demo marketplace, started here so the test knows the sample codes and can make
// the marketplace misbehave.

const DAY = 86_400_000

/** The facts of a valid verdict, by their labels. */
async function fact(page: Page, label: string): Promise<string> {
  const dd = verdict(page).locator(`dt:text-is("${label}") + dd`)
  return ((await dd.textContent()) ?? '').replace(/\s+/g, ' ').trim()
}

function purchaseOf(market: DemoServer, code: string) {
  const p = market.data.purchases.find((x) => x.code === code)
  if (!p) throw new Error(`no demo purchase ${code}`)
  const item = [...market.data.items, ...market.data.unlisted].find((i) => i.id === p.itemId)
  if (!item) throw new Error(`no demo item ${p.itemId}`)
  return { p, item }
}

/** The date as the page's own locale writes it ("Nov 20, 2026" in en-US). */
function localDate(page: Page, iso: string): Promise<string> {
  return page.locator('html').evaluate(
    (el, d: string) =>
      new Intl.DateTimeFormat(el.ownerDocument.defaultView.navigator.language, {
        day: 'numeric',
        month: 'short',
        year: 'numeric'
      }).format(new Date(d)),
    iso
  )
}

/** Is the code field the focused element? */
const fieldFocused = (page: Page): Promise<boolean> =>
  field(page).evaluate((el) => el === el.ownerDocument.activeElement)

describe('Validate', () => {
  it('checks a valid code typed and sent with Enter, and opens its item', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openValidate(page)
    const code = market.sampleCodes.valid
    const { p, item } = purchaseOf(market, code)
    expect(p.supported_until).not.toBeNull()

    // Typed, not pasted: nothing happens until Enter.
    await field(page).pressSequentially(code)
    expect(await verdict(page).count()).toBe(0)
    await page.keyboard.press('Enter')

    const card = verdict(page)
    await card.getByRole('heading', { name: 'Valid · support active', exact: true }).waitFor()
    expect(await card.textContent()).toContain(code)
    expect(await fact(page, 'Licence')).toContain(p.license === 'regular' ? 'Regular' : 'Extended')
    expect(await fact(page, 'Price paid')).toBe(`$${p.price.toFixed(2)}`)
    expect(await fact(page, 'Purchased')).toBe(await localDate(page, p.date))
    expect(await fact(page, 'Downloaded')).toBe(p.downloaded ? 'Yes' : 'No')
    const left = Math.floor((Date.parse(p.supported_until ?? '') - Date.now()) / DAY)
    const support = (await card.getByText(/^Support /).textContent()) ?? ''
    const days = Number(/^Support active · (\d+) days? left$/.exec(support)?.[1])
    // The page computed its count a moment before we did; a day boundary may lie between.
    expect([left, left + 1]).toContain(days)

    // The screen reader hears the verdict too.
    const live = page.locator('[aria-live="polite"][aria-atomic="true"]')
    expect(await live.textContent()).toMatch(/^Valid\. /)

    await card.getByRole('button', { name: `Open item ${item.name}` }).click()
    await page.getByRole('heading', { name: item.name, level: 1 }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { name: 'Validate', level: 1 }).waitFor()
  })

  it('checks a pasted code at once: support expired', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openValidate(page)
    const code = market.sampleCodes.expired
    const { p } = purchaseOf(market, code)

    // A real paste, as Ctrl+V delivers it: no Enter pressed.
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await field(page).evaluate(
      (el, c: string) => el.ownerDocument.defaultView.navigator.clipboard.writeText(c),
      `  ${code.toUpperCase()}\n`
    )
    await field(page).focus()
    await page.keyboard.press('Control+V')

    const card = verdict(page)
    await card.getByRole('heading', { name: 'Valid · support expired', exact: true }).waitFor()
    expect(await field(page).inputValue()).toBe(code)
    expect(await card.getAttribute('data-tone')).toBe('warn')
    expect(await card.getByText(/^Support /).textContent()).toBe(
      `Support expired ${await localDate(page, p.supported_until ?? '')}`
    )
    expect(await fact(page, 'Downloaded')).toBe(p.downloaded ? 'Yes' : 'No')
  })

  it('checks a code without support, then one that is not valid', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openValidate(page)

    await paste(page, market.sampleCodes.noSupport)
    const card = verdict(page)
    await card.getByRole('heading', { name: 'Valid · no support', exact: true }).waitFor()
    expect(await card.getByText(/^(No support|Support )/).textContent()).toBe('No support')
    const { p } = purchaseOf(market, market.sampleCodes.noSupport)
    expect(await fact(page, 'Licence')).toContain(p.license === 'regular' ? 'Regular' : 'Extended')

    // Pasting over a selected field replaces the code and checks the new one.
    await field(page).selectText()
    await paste(page, market.sampleCodes.invalid)
    await card.getByRole('heading', { name: 'Not valid', exact: true }).waitFor()
    expect(await card.textContent()).toContain(market.sampleCodes.invalid)
    expect(await card.locator('q').textContent()).toBe('Invalid purchase code')
    const text = (await card.textContent()) ?? ''
    expect(text).toMatch(/unknown/)
    expect(text).toMatch(/refunded/)
    expect(text).toMatch(/cancelled/)
    expect(await card.getAttribute('data-tone')).toBe('danger')

    // Both lookups are listed, newest first.
    const recent = page.getByRole('region', { name: 'Recent lookups' }).getByRole('listitem')
    expect(await recent.count()).toBe(2)
    expect(await recent.nth(0).textContent()).toContain('Not valid')
    expect(await recent.nth(1).textContent()).toContain('Valid')
  })

  it('says so when a code that was valid is not valid any more (refunded since)', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openValidate(page)
    const code = market.sampleCodes.valid
    await paste(page, code)
    await verdict(page)
      .getByRole('heading', { name: 'Valid · support active', exact: true })
      .waitFor()

    // The buyer is refunded on the marketplace; the seller checks the code again.
    const { p } = purchaseOf(market, code)
    p.state = 'refunded'
    await field(page).selectText()
    await paste(page, code)
    const card = verdict(page)
    await card.getByRole('heading', { name: 'Not valid', exact: true }).waitFor()
    await card
      .getByText(/^It was valid when you checked it on .+refunded or cancelled since\.$/)
      .waitFor()
    await h.screenshot('validate-was-valid-light-1280')
  })

  it('asks before sending a token that is not code-shaped, then warns as it sends it', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openValidate(page)
    const odd = 'ABC-123-not-a-uuid'
    await field(page).fill(odd)
    await page.keyboard.press('Enter')
    // Not sent on Enter: the seller is asked first (issue 31, point 9).
    await page.getByRole('button', { name: 'Check anyway' }).click()

    await verdict(page).getByRole('heading', { name: 'Not valid', exact: true }).waitFor()
    await page.getByText('doesn’t look like a purchase code').waitFor()
    const sent = market.requests.filter((r) => r.path.startsWith('/api/purchases/validation'))
    expect(sent).toHaveLength(1)
    expect(await field(page).getAttribute('aria-describedby')).toContain('code-warning')

    // A UUID-shaped code clears the warning.
    await field(page).fill(market.sampleCodes.valid)
    await page.keyboard.press('Enter')
    await verdict(page)
      .getByRole('heading', { name: 'Valid · support active', exact: true })
      .waitFor()
    expect(await page.getByText('doesn’t look like a purchase code').count()).toBe(0)
  })

  it('shows a failed check as an error with Retry, never as "not valid"', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openValidate(page)

    // A proxy's HTML error page instead of the API's answer, once.
    market.faults.inject(
      { type: 'status', status: 500, body: 'html' },
      { times: 1, path: '/api/purchases/validation' }
    )
    await paste(page, market.sampleCodes.valid)
    const alert = page.getByRole('alert')
    await alert.getByRole('button', { name: 'Retry' }).waitFor()
    // "Not checked", in the connection's one sentence (here the site's own error page).
    expect(await alert.textContent()).toMatch(/^Not checked.+had a problem answering/)
    expect(await page.getByText('Not valid', { exact: true }).count()).toBe(0)
    expect(await verdict(page).count()).toBe(0)

    await alert.getByRole('button', { name: 'Retry' }).click()
    await verdict(page)
      .getByRole('heading', { name: 'Valid · support active', exact: true })
      .waitFor()

    // Rate limited for longer than the app waits by itself: a countdown, Retry held back.
    market.faults.inject(
      { type: 'status', status: 429, body: 'json', retryAfter: 600 },
      { times: 1, path: '/api/purchases/validation' }
    )
    await field(page).selectText()
    await paste(page, market.sampleCodes.expired)
    const limited = page.getByRole('alert')
    await limited.getByText('The marketplace asked us to slow down').waitFor()
    // 600 s asked for; a second or two may already have ticked away.
    expect(await limited.getByText(/You can check again in /).textContent()).toMatch(
      /^You can check again in (10 min|9 min 5\d s)\.$/
    )
    expect(await limited.getByRole('button', { name: 'Retry' }).isDisabled()).toBe(true)
    expect(await verdict(page).count()).toBe(0)
    await h.screenshot('validate-rate-limited-light-1280')
  })

  it('shows an error, not a verdict, when Seller Desk’s service is stopped', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await openValidate(page)
    await h.host.stop()
    await paste(page, market.sampleCodes.valid)
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).waitFor()
    expect(await verdict(page).count()).toBe(0)
  })

  it('jumps to Validate with Ctrl+K from Items and from Settings, field focused', async () => {
    const { h } = await startOnDemo()
    const { page } = h
    await page.getByTestId('balance').waitFor()
    for (const [key, heading] of [
      ['Control+2', 'Items'],
      ['Control+5', 'Settings']
    ] as const) {
      await page.keyboard.press(key)
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      await page.keyboard.press('Control+K')
      await page.getByRole('heading', { name: 'Validate', level: 1 }).waitFor()
      await expect.poll(() => fieldFocused(page)).toBe(true)
    }
  })

  it('lands on the code field with Ctrl+K even when Validate was left on its Bulk tab', async () => {
    const { h } = await startOnDemo()
    const { page } = h
    await openValidate(page)
    await page.getByRole('tab', { name: 'Bulk' }).click()
    await page.keyboard.press('Control+2')
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor()
    await page.keyboard.press('Control+K')
    await page.getByRole('heading', { name: 'Validate', level: 1 }).waitFor()
    await expect.poll(() => fieldFocused(page)).toBe(true)
  })

  it('jumps to Validate with Cmd+K on a Mac, from Items and from Settings', async () => {
    const { h } = await startOnDemo()
    const { page } = h
    // The host here runs on Linux; main's answer says macOS, as Electron's main on a Mac would
    // (the page learns the platform from main, not from the browser).
    await page.route('**/rpc/getAppInfo', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { ok: boolean; data?: { platform: string } }
      if (body.data) body.data.platform = 'darwin'
      await route.fulfill({ response, json: body })
    })
    await page.reload()
    await page.getByTestId('balance').waitFor()
    // Its own notation, in the sidebar and in the tooltips.
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByText('⌘1', { exact: true }).waitFor()
    expect(await nav.getByRole('button', { name: 'Validate' }).getAttribute('title')).toBe(
      'Validate (⌘3, or ⌘K to check a code)'
    )
    for (const [key, heading] of [
      ['Meta+2', 'Items'],
      ['Meta+5', 'Settings']
    ] as const) {
      await page.keyboard.press(key)
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      await page.keyboard.press('Meta+K')
      await page.getByRole('heading', { name: 'Validate', level: 1 }).waitFor()
      await expect.poll(() => fieldFocused(page)).toBe(true)
    }
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 760, height: 700 }
    ]) {
      it(`looks right (${colorScheme}, ${viewport.width}x${viewport.height})`, async () => {
        const { h, market } = await startOnDemo({ colorScheme, viewport })
        const { page } = h
        const shot = (state: string) =>
          h.screenshot(`validate-${state}-${colorScheme}-${viewport.width}`)
        await openValidate(page)
        await shot('empty')
        const show = async (code: string, word: string): Promise<void> => {
          await field(page).fill(code)
          await page.keyboard.press('Enter')
          await verdict(page).getByRole('heading', { name: word, exact: true }).waitFor()
          // Let the item's thumbnail arrive so the picture is what a seller sees.
          await page.locator('img').evaluateAll((imgs) =>
            Promise.all(
              imgs.map((img) =>
                img.complete
                  ? null
                  : new Promise((r) => {
                      img.addEventListener('load', r)
                      img.addEventListener('error', r)
                    })
              )
            )
          )
        }
        await show(market.sampleCodes.valid, 'Valid · support active')
        await shot('valid')
        await show(market.sampleCodes.expired, 'Valid · support expired')
        await shot('expired')
        await show(market.sampleCodes.noSupport, 'Valid · no support')
        await shot('no-support')
        await show(market.sampleCodes.invalid, 'Not valid')
        await shot('invalid')
        market.faults.inject(
          { type: 'status', status: 500, body: 'html' },
          { times: 1, path: '/api/purchases/validation' }
        )
        await field(page).fill(market.sampleCodes.valid)
        await page.keyboard.press('Enter')
        await page.getByRole('alert').getByRole('button', { name: 'Retry' }).waitFor()
        await shot('error')
      })
    }
  }
})
