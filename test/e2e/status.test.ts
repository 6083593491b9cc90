import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { startOnDemo, type Harness } from './harness'
import { codeField, verdictCard } from './validate-helpers'

// One connection status, said the same in every view, the switcher and Validate's result,
// with the demo marketplace slowed, refusing the key and stopped (issue 31).

const VIEWS = ['Account', 'Items', 'Validate', 'History', 'Settings'] as const

async function open(page: Page, name: (typeof VIEWS)[number]): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click()
  await page.getByRole('heading', { name, level: 1 }).waitFor()
}

const headerLine = (page: Page) => page.locator('header [data-state]').first()
const switcherLine = (page: Page) => page.locator('aside [data-state]').first()
const notice = (page: Page) => page.locator('[role="status"][data-state]')

/** Every view: the header's state and words, the switcher's state, the notice's sentence. */
async function walk(
  page: Page,
  state: string
): Promise<{ view: string; header: string; switcher: string | null; notice: string | null }[]> {
  const seen = []
  for (const view of VIEWS) {
    await open(page, view)
    await page.locator(`header [data-state="${state}"]`).waitFor({ timeout: 20_000 })
    seen.push({
      view,
      header: (await headerLine(page).textContent()) ?? '',
      switcher: await switcherLine(page).getAttribute('data-state'),
      notice:
        (await notice(page).count()) > 0 ? await notice(page).locator('p').textContent() : null
    })
  }
  return seen
}

async function shots(h: Harness, name: string, ready: () => Promise<void>): Promise<void> {
  const { page } = h
  for (const [scheme, viewport] of [
    ['light', { width: 1280, height: 800 }],
    ['dark', { width: 1280, height: 800 }],
    ['dark', { width: 760, height: 700 }],
    ['light', { width: 760, height: 700 }]
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.setViewportSize(viewport)
    await ready()
    await h.screenshot(`status-${name}-${scheme}-${viewport.width}x${viewport.height}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })
}

/**
 * A bulk run of `codes` that the marketplace cannot answer: it ends as "N not checked", the
 * reason said once above the table in the status notice's words, with Retry offered.
 */
async function bulkNotChecked(page: Page, codes: string[], sentence: string): Promise<void> {
  await open(page, 'Validate')
  await page.getByRole('tab', { name: 'Bulk' }).click()
  await page.getByLabel('Codes to check').fill(codes.join('\n'))
  await page.getByRole('button', { name: 'Check all' }).click()
  await page
    .getByTestId('bulk-state')
    .filter({ hasText: `${codes.length} not checked` })
    .waitFor()
  expect(await page.getByTestId('bulk-shared-reason').textContent()).toBe(
    `${codes.length} codes not checked. ${sentence}`
  )
  expect(await notice(page).locator('p').textContent()).toBe(sentence)
  await page.getByRole('button', { name: 'Retry not checked' }).waitFor()
  expect(await page.getByText('Finished', { exact: true }).count()).toBe(0)
}

describe('One honest status', () => {
  it('says the same in every view while the marketplace is slow, refuses the key and is stopped', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await page.locator('header [data-state="online"]').waitFor({ timeout: 20_000 })
    const online = await walk(page, 'online')
    for (const v of online) {
      expect(v.header, v.view).toMatch(/^Online · synced /)
      expect(v.switcher, v.view).toBe('online')
      expect(v.notice, v.view).toBeNull()
    }

    // Slowed: a refresh under way reads "Syncing…" in every view until it answers.
    // Every account read is slowed until cleared: with `times: 1` any other request to the
    // demo (a media fetch, the balance watch) could take the delay instead of the refresh.
    market.faults.inject({ type: 'latency', ms: 6_000 }, { path: '/api/account/details' })
    await open(page, 'Account')
    await page.getByRole('button', { name: 'Refresh' }).click()
    for (const view of VIEWS) {
      await open(page, view)
      expect(await headerLine(page).getAttribute('data-state'), view).toBe('syncing')
      expect(await headerLine(page).textContent(), view).toBe('Syncing…')
    }
    await page.locator('header [data-state="online"]').waitFor({ timeout: 20_000 })
    market.faults.clear()

    // Refusing the key: never "Online" beside it; Validate's check is "Not checked".
    market.faults.inject({ type: 'status', status: 401, body: 'json' })
    await open(page, 'Account')
    await page.getByRole('button', { name: 'Refresh' }).click()
    const refused = await walk(page, 'refused')
    for (const v of refused) {
      expect(v.header, v.view).toMatch(/^Key refused/)
      expect(v.switcher, v.view).toBe('refused')
      expect(v.notice, v.view).toBe(
        `${new URL(market.baseUrl).host} refused the API key: replace the key in Settings.`
      )
    }
    await open(page, 'Validate')
    await codeField(page).fill(market.sampleCodes.valid)
    await codeField(page).press('Enter')
    const notChecked = page.locator('[data-verdict="not-checked"][role="alert"]')
    await notChecked.waitFor()
    expect(await notChecked.textContent()).toContain('Not checked')
    expect(await page.getByText('Not valid', { exact: true }).count()).toBe(0)
    await notChecked.getByRole('button', { name: 'Open Settings' }).waitFor()
    await expectNoSeriousViolations(page, 'Validate, key refused')
    await shots(h, 'refused-validate', () => notChecked.waitFor())
    await open(page, 'Account')
    await shots(h, 'refused-account', () => page.getByTestId('balance').waitFor())
    const { valid, expired, noSupport } = market.sampleCodes
    await bulkNotChecked(page, [valid, expired, noSupport], refused[0]!.notice!)
    await expectNoSeriousViolations(page, 'Bulk, key refused')
    await shots(h, 'refused-bulk', () => page.getByTestId('bulk-shared-reason').waitFor())
    await page.getByRole('button', { name: 'New bulk check' }).click()
    await page.getByRole('tab', { name: 'One code' }).click()
    await open(page, 'Account')

    // Back: the key is accepted again, and every view says so.
    market.faults.clear()
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.locator('header [data-state="online"]').waitFor({ timeout: 20_000 })

    // Stale: a verdict for a code the field no longer holds is one muted line.
    await open(page, 'Validate')
    await codeField(page).fill(market.sampleCodes.valid)
    await codeField(page).press('Enter')
    await verdictCard(page).getByRole('heading', { name: 'Valid · support active' }).waitFor()
    await codeField(page).fill('Thanks for the order!')
    await codeField(page).press('Enter')
    const earlier = page.locator('article[data-stale="true"]')
    await earlier.waitFor()
    // The field holds no code: the line ends there, with nothing for Enter to check.
    expect(await earlier.textContent()).toMatch(/^Earlier: Valid · support active · \S+…\S+\.$/)
    expect(await page.getByRole('heading', { name: /^(Valid( ·|$)|Not valid)/ }).count()).toBe(0)
    await expectNoSeriousViolations(page, 'Validate, earlier verdict')
    await shots(h, 'stale-validate', () => earlier.waitFor())

    // Stopped: offline since the first failure, in every view.
    await market.close()
    await open(page, 'Account')
    await page.getByRole('button', { name: 'Refresh' }).click()
    const offline = await walk(page, 'offline')
    for (const v of offline) {
      expect(v.header, v.view).toMatch(/^Offline since /)
      expect(v.switcher, v.view).toBe('offline')
      expect(v.notice, v.view).toMatch(
        /^Can’t reach 127\.0\.0\.1:\d+ since .+: check your internet connection, then try again\.$/
      )
    }
    // Every view's words agree: one status, not one per view.
    expect(new Set(offline.map((v) => v.notice)).size).toBe(1)
    await open(page, 'Validate')
    await codeField(page).fill(market.sampleCodes.expired)
    await codeField(page).press('Enter')
    await notChecked.waitFor()
    expect(await notChecked.locator('p').last().textContent()).toBe(offline[0]!.notice)
    await shots(h, 'offline-validate', () => notChecked.waitFor())
    await open(page, 'Items')
    await shots(h, 'offline-items', () => page.locator('header [data-state="offline"]').waitFor())
    await open(page, 'Account')
    await expectNoSeriousViolations(page, 'Account, offline')
    await shots(h, 'offline-account', () => page.getByTestId('balance').waitFor())
    await bulkNotChecked(page, [valid, expired, noSupport], offline[0]!.notice!)
    await expectNoSeriousViolations(page, 'Bulk, offline')
    await shots(h, 'offline-bulk', () => page.getByTestId('bulk-shared-reason').waitFor())
  })
})
