import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectNoSeriousViolations } from './axe'
import { startOnDemo } from './harness'
import { openItemNamed } from './items-helpers'
import { codeField as field, verdictCard as verdict } from './validate-helpers'

// Issue 31, the words each state takes outside the walk in status.test.ts: media with the
// marketplace stopped (point 4), the quick lookup page offline and with an earlier verdict
// (points 5 and 6), and colour by what the seller should do there (point 7).

/** Stops the marketplace and lets the app find out (a Refresh on Account). */
async function goOffline(page: Page, close: () => Promise<void>): Promise<void> {
  await close()
  await page.keyboard.press('Control+1')
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page.locator('header [data-state="offline"]').waitFor({ timeout: 20_000 })
}

describe('One honest status: media and quick lookup', () => {
  it('says a video not kept cannot play offline, and offers keeping only online', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await page.getByTestId('balance').waitFor()
    const [seen, unseen] = market.data.items.filter((i) => i.media.preview_video)
    await openItemNamed(page, seen!.name)
    await page.locator('video').waitFor()
    await page.getByRole('button', { name: 'Keep offline' }).waitFor()

    // A video never played on this computer, opened with the marketplace stopped.
    await goOffline(page, () => market.close())
    await openItemNamed(page, unseen!.name)
    // The file was never kept: offline says so, and does not blame the marketplace.
    const problem = page.getByRole('status').filter({ hasText: /can’t play offline/ })
    await problem.waitFor({ timeout: 20_000 })
    expect(await problem.textContent()).toBe(
      'The video can’t play offline because no copy was kept: it plays again once the marketplace answers.'
    )
    expect(await page.getByText(/may have removed it/).count()).toBe(0)
    // A copy can only come from the marketplace: not offered while it cannot be reached,
    // and the player's sentence is not said a second time under it. Until main says whether
    // a copy is kept, the (disabled) button still shows: polled, it may answer after the player.
    await expect.poll(() => page.getByRole('button', { name: 'Keep offline' }).count()).toBe(0)
    expect(await page.getByText(/^Not kept offline/).count()).toBe(0)
    await expectNoSeriousViolations(page, 'Item detail, video offline')
    await h.screenshot('status-offline-item-video-light-1280')
  })

  it('the quick page says offline in one sentence and shrinks an earlier verdict to one line', async () => {
    const { h, market } = await startOnDemo({ viewport: { width: 440, height: 540 } })
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await page.goto(`${h.host.baseUrl}/?view=quick`)
    await page.getByRole('heading', { name: 'Quick lookup' }).waitFor()

    // Colour by what to do: no support is amber like expired support, green only when active.
    for (const [code, tone] of [
      [market.sampleCodes.noSupport, 'warn'],
      [market.sampleCodes.expired, 'warn'],
      [market.sampleCodes.valid, 'ok']
    ] as const) {
      await field(page).fill(code)
      await page.keyboard.press('Enter')
      await verdict(page).getByText(code, { exact: true }).waitFor()
      expect(await verdict(page).getAttribute('data-tone'), code).toBe(tone)
    }

    // Another code typed: the verdict for the last one is one muted line, no big heading.
    const other = market.sampleCodes.invalid
    await field(page).fill(other)
    const earlier = page.locator('article[data-stale="true"]')
    await earlier.waitFor()
    expect(await earlier.textContent()).toMatch(/^Earlier: Valid · support active · \S+…\S+/)
    expect(await page.getByRole('heading', { name: /^(Valid|Not valid)/ }).count()).toBe(0)
    await h.screenshot('status-stale-quick-light-440')

    // Offline: "Not checked" and one sentence with one step, not three.
    await market.close()
    await page.keyboard.press('Enter')
    const notChecked = page.locator('[data-verdict="not-checked"][role="alert"]')
    await notChecked.waitFor({ timeout: 20_000 })
    const sentence = (await notChecked.locator('p').last().textContent()) ?? ''
    expect(sentence).toMatch(
      /^Can’t reach 127\.0\.0\.1:\d+( since .+)?: check your internet connection, then try again\.$/
    )
    expect(sentence.match(/connection/g)).toHaveLength(1)
    expect(await notChecked.getByRole('button', { name: 'Retry' }).count()).toBe(1)
    await expectNoSeriousViolations(page, 'Quick lookup, offline')
    await page.emulateMedia({ colorScheme: 'dark' })
    await h.screenshot('status-offline-quick-dark-440')
  })
})
