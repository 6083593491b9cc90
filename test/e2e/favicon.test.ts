import { describe, expect, it } from 'vitest'
import { startHarness } from './harness'

// A browser asks every page for an icon: the host serves the app's, so the tab shows it
// and the console stays clean.
describe('Favicon', () => {
  it('is the app icon, served by the browser host, with no console error on load', async () => {
    // The headless shell asks no page for its icon: the whole browser does.
    const h = await startHarness({ wholeBrowser: true })
    const { page } = h
    await page.getByRole('heading', { name: 'Connect your marketplace' }).waitFor()
    const icon = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('.png'))
    await page.reload()
    const answer = await icon
    expect(answer.status()).toBe(200)
    expect(answer.headers()['content-type']).toBe('image/png')
    expect((await answer.body()).subarray(1, 4).toString('latin1')).toBe('PNG')
    await page.getByRole('heading', { name: 'Connect your marketplace' }).waitFor()
    expect(h.consoleLines.filter((l) => l.startsWith('[error]'))).toEqual([])
  })
})
