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
    // Each icon answer read as it comes: the first load's request can still be under way
    // when the reload starts, and its body is gone once the page it was for is.
    const icons: Array<{ status: number; type: string | undefined; magic: string }> = []
    page.on('response', (r) => {
      if (!new URL(r.url()).pathname.endsWith('.png')) return
      void r.body().then(
        (body) =>
          icons.push({
            status: r.status(),
            type: r.headers()['content-type'],
            magic: body.subarray(1, 4).toString('latin1')
          }),
        () => undefined
      )
    })
    await page.reload()
    await page.getByRole('heading', { name: 'Connect your marketplace' }).waitFor()
    await expect.poll(() => icons.length).toBeGreaterThan(0)
    const answer = icons.at(-1)!
    expect(answer.status).toBe(200)
    expect(answer.type).toBe('image/png')
    expect(answer.magic).toBe('PNG')
    expect(h.consoleLines.filter((l) => l.startsWith('[error]'))).toEqual([])
  })
})
