import { describe, it } from 'vitest'
import type { Page } from 'playwright-core'
import { builtInDemo } from '../../electron/main/app'
import type { DemoServer } from '../../electron/main/demo'
import { expectNoSeriousViolations } from './axe'
import { startHarness } from './harness'

// Every screen and state a seller meets, checked by axe-core (WCAG 2.0–2.2 A and AA) in
// both themes: a serious or critical violation anywhere fails the walk and names it.

const verdict = (page: Page) => page.locator('article[aria-labelledby="verdict-word"]')

async function nav(page: Page, name: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click()
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
}

describe('Accessibility (axe-core)', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious violation on any screen (${colorScheme})`, async () => {
      let market: DemoServer | null = null
      const h = await startHarness({
        colorScheme,
        startDemo: async () => (market = await builtInDemo())
      })
      const { page } = h
      const check = (label: string, within?: string): Promise<void> =>
        expectNoSeriousViolations(page, `${label} (${colorScheme})`, within)

      await page.getByRole('heading', { name: 'Connect your marketplace' }).waitFor()
      await check('Connect')
      await page.getByLabel('Marketplace URL').fill('http://example.com')
      await page.getByLabel('API key', { exact: true }).fill('0'.repeat(64))
      await page.getByRole('button', { name: 'Test and save' }).click()
      await page.getByRole('alert').waitFor()
      await check('Connect with an error')

      await page.getByRole('button', { name: 'Explore the demo' }).click()
      await page.getByTestId('balance').waitFor()
      await check('Account')
      await page.getByRole('button', { name: /^Connection: / }).click()
      await page.getByRole('menu').waitFor()
      await check('Connection menu', '[role="menu"]')
      await page.keyboard.press('Escape')

      await page.keyboard.press('Control+2')
      const list = page.getByRole('list', { name: 'Items' })
      await list.getByRole('listitem').first().waitFor()
      await check('Items grid')
      await page.getByRole('button', { name: 'List' }).click()
      await list.locator('[id^="item-row-name-"]').first().waitFor()
      await check('Items list')
      await list.getByRole('listitem').first().getByRole('button').first().click()
      await page.getByRole('button', { name: 'Copy id' }).waitFor()
      await check('Item detail')
      await page.keyboard.press('Escape')
      await list.waitFor()

      await page.keyboard.press('Control+K')
      await page.getByRole('heading', { name: 'Validate', level: 1 }).waitFor()
      await check('Validate, empty')
      const codes = market!.sampleCodes
      const field = page.getByLabel('Purchase code', { exact: true })
      for (const [label, code] of [
        ['valid', codes.valid],
        ['support expired', codes.expired],
        ['no support', codes.noSupport],
        ['not valid', codes.invalid]
      ] as const) {
        await field.fill(code)
        const answered = page.waitForResponse((r) => r.url().endsWith('/rpc/validatePurchase'))
        await page.keyboard.press('Enter')
        await answered
        await verdict(page).waitFor()
        await check(`Validate, ${label}`)
      }

      await page.getByRole('tab', { name: 'Bulk' }).click()
      await page
        .getByLabel('Codes to check')
        .fill([codes.valid, codes.expired, codes.noSupport, codes.invalid].join('\n'))
      await page.getByRole('button', { name: 'Check all' }).click()
      await page.getByText('Finished', { exact: true }).waitFor()
      await check('Bulk results')

      await nav(page, 'History', 'History')
      await page.getByRole('table', { name: 'Lookup history' }).waitFor()
      await check('History')

      await nav(page, 'Settings', 'Settings')
      await page.getByTestId('cache-size').waitFor()
      await check('Settings')
      await page
        .getByRole('button', { name: /^Remove / })
        .first()
        .click()
      await page.getByRole('button', { name: 'Cancel' }).waitFor()
      await check('Settings, confirm removal')
    })
  }
})
