import { describe, expect, it } from 'vitest'
import { builtInDemo } from '../../electron/main/app'
import { expectNoSeriousViolations } from './axe'
import { LOOKS, startHarness } from './harness'

// The balance watch in the browser host, on the built-in demo selling every 1.5 s and a
// watch shortened with SELLER_DESK_BALANCE_WATCH_MS: a sale becomes a Web Notification
// (permission granted to the page), and Account charts the balance in both themes.

/** Records each Web Notification the page makes; the real constructor still runs. */
const RECORD_NOTIFICATIONS = `(() => {
  const Real = window.Notification
  const made = []
  window.__notifications = made
  window.Notification = class extends Real {
    constructor(title, options) {
      super(title, options)
      made.push({ title, body: options && options.body })
    }
  }
})()`

describe('Balance watch', () => {
  it('notifies a demo sale in the browser, and Account charts the balance', async () => {
    process.env['SELLER_DESK_BALANCE_WATCH_MS'] = '1000'
    const h = await startHarness({
      demo: true,
      startDemo: () => builtInDemo({ salesEveryMs: 1500 }),
      // The headless shell has no Web Notifications: the whole browser does.
      wholeBrowser: true
    }).finally(() => delete process.env['SELLER_DESK_BALANCE_WATCH_MS'])
    const { page, context } = h
    await page.addInitScript(RECORD_NOTIFICATIONS)
    await context.grantPermissions(['notifications'], { origin: new URL(h.url).origin })
    await page.reload()

    await expect
      .poll(
        () =>
          page.evaluate<{ title: string; body: string }[] | null>('window.__notifications ?? null'),
        { timeout: 30_000 }
      )
      .toContainEqual({
        title: expect.stringMatching(
          /^Balance up \$[\d,]+\.\d{2} · now \$[\d,]+\.\d{2} · Demo marketplace$/
        ),
        body: 'Likely a sale. Open Account to see how the balance moved.'
      })

    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor()
    const chart = page.getByTestId('balance-chart')
    await chart.locator('canvas').first().waitFor({ timeout: 30_000 })
    await page.getByTestId('balance-bars').locator('canvas').first().waitFor()
    await expect
      .poll(() => page.getByTestId('balance-summary').textContent(), { timeout: 30_000 })
      .toMatch(
        /^Over the last 30 days the balance went from \$[\d,.]+ to \$[\d,.]+\. Increases came to \$[\d,.]+ on 1 day\./
      )
    await page
      .getByText('From balance changes Seller Desk saw while running; withdrawals show as drops.')
      .waitFor()

    // Keyboard: the chart takes the focus and the arrows walk its readings.
    const readout = page.getByTestId('balance-readout')
    await chart.focus()
    // The readout follows the focus a render later: wait for each change, never sleep.
    await expect.poll(() => readout.textContent()).toMatch(/ · \$[\d,]+\.\d{2}$/)
    const last = await readout.textContent()
    await page.keyboard.press('Home')
    await expect.poll(() => readout.textContent()).not.toBe(last)
    const first = await readout.textContent()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => readout.textContent()).not.toBe(first)
    // Hover shows the same.
    const box = (await chart.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2)
    expect(await readout.textContent()).toMatch(/ · \$[\d,]+\.\d{2}$/)

    for (const [scheme, viewport] of LOOKS) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.setViewportSize(viewport)
      await chart.locator('canvas').first().waitFor()
      // The chart fits the narrow window: nothing wider than the content column. It is
      // redrawn at the new width a frame or more after the resize: wait for it, never sleep.
      await expect
        .poll(() =>
          page.evaluate<number>(
            "(() => { const m = document.querySelector('main'); return m.scrollWidth - m.clientWidth })()"
          )
        )
        .toBeLessThanOrEqual(0)
      await page.getByRole('heading', { name: 'Balance over time' }).scrollIntoViewIfNeeded()
      await expectNoSeriousViolations(
        page,
        `Account with the balance chart, ${scheme} ${viewport.width}`
      )
      await h.screenshot(`balance-chart-${scheme}-${viewport.width}x${viewport.height}`)
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1280, height: 800 })

    // The range changes what the chart covers.
    await page.getByRole('radio', { name: '7 days' }).check()
    await expect
      .poll(() => page.getByTestId('balance-summary').textContent())
      .toMatch(/^Over the last 7 days/)

    // Settings: the interval and the demo's notifications.
    await page
      .getByRole('link', { name: /Settings/ })
      .or(page.getByRole('button', { name: /^Settings/ }))
      .first()
      .click()
    await page.getByRole('heading', { name: 'Balance watch' }).waitFor()
    expect(await page.getByLabel('Read the balance').inputValue()).toBe('5')
    await page
      .getByRole('checkbox', { name: 'Notify me when the balance on Demo marketplace goes up' })
      .waitFor()
    await page.getByRole('heading', { name: 'Balance watch' }).scrollIntoViewIfNeeded()
    await expectNoSeriousViolations(page, 'Settings with the balance watch')
    await h.screenshot('balance-watch-settings')
    expect(h.consoleLines.filter((l) => l.startsWith('[pageerror]'))).toEqual([])
  }, 120_000)
})
