import { describe, expect, it } from 'vitest'
import { harnessForLooks, startHarness } from './harness'

// The seller opens Seller Desk on the built-in demo marketplace and reads the account.
describe('Account', () => {
  it('shows name, user name, balance, profile and social links of the demo seller', async () => {
    const h = await startHarness({ demo: true })
    const { page } = h
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor()
    const balance = page.getByTestId('balance')
    await balance.waitFor()
    expect(await balance.textContent()).toMatch(/^\u2212?\$[\d,]+\.\d{2}$/)
    expect(await page.getByText(/^@/).first().textContent()).toMatch(/^@\S+/)
    await page.getByRole('heading', { name: 'Public profile' }).waitFor()
    await page.getByText(/Online · synced/).waitFor()
    // What the demo seller's account holds (electron/demo/seed.ts), as a seller reads it.
    await page.getByRole('heading', { name: 'Lúcia Ferreira', level: 2 }).waitFor()
    expect(await page.getByText('@lumenstudio', { exact: true }).count()).toBe(1)
    await page.getByText('lucia@lumen-studio.example', { exact: true }).waitFor()
    await page.getByText('support@lumen-studio.example', { exact: true }).waitFor()
    await page.getByText('Sep 14, 2021').waitFor()
    // Social links are built from user names; Pinterest is unset and shows no chip.
    const social = page.locator('a[title$="(opens in your browser)"]')
    const hrefs = await social.evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^https:\/\/(www\.)?facebook\.com\/lumenstudio$/),
        expect.stringMatching(/^https:\/\/(www\.)?x\.com\/lumen_studio$/),
        expect.stringMatching(/^https:\/\/(www\.)?youtube\.com\/@LumenStudio$/),
        expect.stringMatching(/^https:\/\/(www\.)?linkedin\.com\/in\/lucia-ferreira$/),
        expect.stringMatching(/^https:\/\/(www\.)?instagram\.com\/lumen\.studio$/)
      ])
    )
    expect(hrefs).toHaveLength(5)
    expect(hrefs.join(' ')).not.toMatch(/pinterest/)
    // Cover and avatar really load (not just an <img> with a broken source).
    await expect
      .poll(() =>
        page
          .locator('img')
          .evaluateAll((imgs) => imgs.filter((i) => i.complete && i.naturalWidth > 0).length)
      )
      .toBeGreaterThanOrEqual(2)
    // Images come through the host's media route, never straight from the marketplace.
    const srcs = await page
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''))
    for (const src of srcs) expect(src.startsWith('/media?')).toBe(true)
    expect(h.consoleLines.filter((l) => l.startsWith('[pageerror]'))).toEqual([])
  })

  it('keeps the account on screen, with its age, when the host goes away', async () => {
    const h = await startHarness({ demo: true })
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await h.host.stop()
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page
      .getByText(/Couldn’t refresh|Offline/)
      .first()
      .waitFor()
    await page.getByTestId('balance').waitFor()
  })

  it('moves between sections by keyboard', async () => {
    const h = await startHarness({ demo: true })
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await page.keyboard.press('Control+5')
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    await page.keyboard.press('Control+1')
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor()
  })

  describe('looks right', () => {
    const looks = harnessForLooks({ demo: true })
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 760, height: 700 }
      ]) {
        it(`looks right (${colorScheme}, ${viewport.width}x${viewport.height})`, async () => {
          const h = await looks.open({ colorScheme, viewport })
          await h.page.getByTestId('balance').waitFor()
          await h.page.locator('img').first().waitFor()
          // Let cover and avatar finish loading so the picture shows what a seller sees.
          // Polled from the test: a string predicate would be eval'd inside the page, which its CSP forbids.
          await expect
            .poll(() => h.page.locator('img').evaluateAll((imgs) => imgs.every((i) => i.complete)))
            .toBe(true)
          await h.screenshot(`account-${colorScheme}-${viewport.width}`)
        })
      }
    }
  })
})
