import { describe, it } from 'vitest'
import type { Page } from 'playwright-core'
import { builtInDemo } from '../../electron/main/app'
import type { DemoServer } from '../../electron/demo'
import { expectNoSeriousViolations } from './axe'
import { LOOKS, startHarness } from './harness'
import { verdictCard as verdict } from './validate-helpers'

// Every screen and state a seller meets, checked by axe-core (WCAG 2.0–2.2 A and AA) in
// both themes: a serious or critical violation anywhere fails the walk and names it.

async function nav(page: Page, name: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click()
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
}

describe('Accessibility (axe-core)', () => {
  // Wide, and at 760 px where the sidebar keeps to its icons and History's rows take two lines.
  for (const [colorScheme, viewport] of LOOKS) {
    it(`has no serious violation on any screen (${colorScheme}, ${viewport.width} px)`, async () => {
      let market: DemoServer | null = null
      const h = await startHarness({
        colorScheme,
        viewport,
        // One walk as most sellers see the app, transitions and all; the others as a seller
        // who asked for reduced motion (the harness's default).
        motion: colorScheme === 'light' && viewport.width === 1280,
        startDemo: async () => (market = await builtInDemo())
      })
      const { page } = h
      const check = (label: string, within?: string): Promise<void> =>
        expectNoSeriousViolations(page, `${label} (${colorScheme}, ${viewport.width} px)`, within)

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
      await page.getByRole('button', { name: 'Add by id' }).click()
      await page.getByRole('group', { name: 'Add by id' }).getByLabel('Item id').waitFor()
      await check('Items, Add by id')
      await page.keyboard.press('Escape')
      await page.getByRole('group', { name: 'Add by id' }).waitFor({ state: 'detached' })

      await page.keyboard.press('Control+K')
      await page.getByRole('heading', { name: 'Validate', level: 1 }).waitFor()
      // The demo's sample codes arrive a moment after the screen: checked with them shown.
      await page.getByRole('region', { name: 'Try a demo code' }).waitFor()
      await check('Validate, empty with the demo codes')
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
      // Another code typed over the last one: the card stays, dimmed, until Enter.
      await field.fill(codes.valid)
      await page.locator('article[data-stale="true"]').waitFor()
      await check('Validate, stale verdict')
      await field.fill(`Mine is ${codes.noSupport}, my colleague has ${codes.valid}`)
      await page.keyboard.press('Enter')
      await page.getByRole('button', { name: 'Check all 2 in Bulk' }).waitFor()
      await verdict(page).getByText(codes.noSupport, { exact: true }).waitFor()
      await check('Validate, text with several codes')
      // One word that is no code: offered 'Check anyway' (text with spaces never is).
      await field.fill('thanks')
      await page.keyboard.press('Enter')
      await page.getByRole('button', { name: 'Check anyway' }).waitFor()
      await check('Validate, text with no code')
      market!.faults.inject(
        { type: 'status', status: 500, body: 'html' },
        { times: 1, path: '/api/purchases/validation' }
      )
      await field.fill(codes.valid)
      await page.keyboard.press('Enter')
      await page.getByRole('alert').getByRole('button', { name: 'Retry' }).waitFor()
      await check('Validate, the marketplace failed')

      await page.getByRole('tab', { name: 'Bulk' }).click()
      await page
        .getByLabel('Codes to check')
        .fill([codes.valid, codes.expired, codes.noSupport, codes.invalid].join('\n'))
      await page.getByTestId('bulk-found').filter({ hasText: '4 codes found' }).waitFor()
      await check('Bulk, pasted text counted')
      await page.getByRole('button', { name: 'Check all' }).click()
      await page.getByText('Finished', { exact: true }).waitFor()
      await check('Bulk results')
      const filters = page.getByRole('group', { name: 'Show codes by verdict' })
      await filters.locator('button[data-verdict="support-expired"]').click()
      await filters.locator('button[data-verdict="support-expired"][aria-pressed="true"]').waitFor()
      await page.getByRole('combobox', { name: /^Order/ }).selectOption('verdict')
      await check('Bulk results, filtered and ordered')

      await nav(page, 'History', 'History')
      await page.getByRole('table', { name: 'Lookup history' }).waitFor()
      await check('History')

      await nav(page, 'Settings', 'Settings')
      await page.getByTestId('cache-size').waitFor()
      // The browser host says the shortcut and tray are the desktop app's.
      await page.getByText(/Desktop app only/).waitFor()
      await check('Settings')
      await page
        .getByRole('button', { name: /^Remove / })
        .first()
        .click()
      await page.getByRole('button', { name: 'Cancel' }).waitFor()
      await check('Settings, confirm removal')
      await page.getByRole('button', { name: 'Cancel' }).click()
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click()
      await page.getByRole('form', { name: /^Edit / }).waitFor()
      await check('Settings, editing a connection')
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Add connection' }).click()
      await page.getByLabel('Marketplace URL').waitFor()
      await check('Settings, adding a connection')
      await page.keyboard.press('Escape')
      await page.keyboard.press('Control+/')
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
      await check('Keyboard shortcuts')
      await page.keyboard.press('Escape')
      if (viewport.width < 900) {
        await page.getByRole('button', { name: 'Show names' }).click()
        await check('Settings, sidebar names shown')
      }

      // The lookup window's page, as the browser host serves it (the token is kept already).
      await page.goto(`${h.host.baseUrl}/?view=quick`)
      await page.getByRole('heading', { name: 'Quick lookup' }).waitFor()
      await check('Quick lookup, empty')
      await page.getByLabel('Purchase code', { exact: true }).fill(codes.expired)
      await page.keyboard.press('Enter')
      await verdict(page)
        .getByText(/Support expired/)
        .waitFor()
      await check('Quick lookup, verdict')
    })
  }
})
