import { describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { startHarness } from './harness'

// Settings → Updates through the browser host: the section says updates come with the
// desktop app, no update banner shows, and the view stays accessible in both themes.

describe('Settings → Updates in the browser host', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 760, height: 700 }
    ]) {
      it(`says updates come with the desktop app (${colorScheme}, ${viewport.width}x${viewport.height})`, async () => {
        const h = await startHarness({ demo: true, colorScheme, viewport })
        try {
          const { page } = h
          await page.getByRole('navigation').waitFor()
          await page.keyboard.press('Control+5')
          const section = page.getByRole('region', { name: 'Updates' })
          await section.scrollIntoViewIfNeeded()
          await expect(section.textContent()).resolves.toMatch(/come with the desktop app/)
          expect(await page.getByText(/Restart to update/).count()).toBe(0)
          await h.screenshot(`settings-updates-${colorScheme}-${viewport.width}`)
          await expectNoSeriousViolations(page, 'Settings with Updates')
        } finally {
          await h.close()
        }
      })
    }
  }
})
