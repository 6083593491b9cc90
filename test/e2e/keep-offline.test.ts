import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { builtInDemo } from '../../electron/main/app'
import type { DemoServer } from '../../electron/demo'
import { startHarness } from './harness'
import { openItemNamed } from './items-helpers'

// Video and audio stream while online and are stored only when the seller asks ("Keep
// offline"); a kept video then plays with the marketplace gone, and can be removed.

async function openItem(page: Page, name: string): Promise<string> {
  await openItemNamed(page, name)
  const video = page.locator('video')
  await video.waitFor()
  return (await video.getAttribute('src')) ?? ''
}

/** What the media route answers for an address, from inside the page. */
function fetchStatus(page: Page, src: string): Promise<{ status: number; bytes: number }> {
  return page.evaluate(async (u) => {
    try {
      const r = await fetch(u)
      return { status: r.status, bytes: (await r.arrayBuffer()).byteLength }
    } catch {
      return { status: 0, bytes: 0 }
    }
  }, src)
}

describe('Keep offline', () => {
  it('stores a video only when asked, and plays it with the marketplace gone', async () => {
    let market: DemoServer | null = null
    const h = await startHarness({
      demo: true,
      startDemo: async () => {
        const demo = await builtInDemo()
        market = demo
        return demo
      }
    })
    const { page } = h
    await page.getByTestId('balance').waitFor()
    const videos = market!.data.items.filter((i) => i.media.preview_video)
    expect(videos.length).toBeGreaterThanOrEqual(2)
    const [kept, streamed] = videos as [(typeof videos)[0], (typeof videos)[0]]

    const streamedSrc = await openItem(page, streamed.name)
    await page.getByText('Streams while online. Keep a copy to play it offline.').waitFor()

    const keptSrc = await openItem(page, kept.name)
    await page.getByRole('button', { name: 'Keep offline' }).click()
    const done = page.getByRole('status').filter({ hasText: 'Kept offline' })
    await done.waitFor()
    expect(await done.textContent()).toMatch(
      /^Kept offline · [\d.,]+ (bytes|kB|MB)\. This video now plays without a connection\.$/
    )

    await h.screenshot('item-keep-offline')
    // The check sits beside its sentence (not above it), and Remove starts at the same edge.
    const box = async (l: ReturnType<Page['locator']>) => (await l.boundingBox())!
    const icon = await box(done.locator('svg'))
    const sentence = await box(done)
    expect(icon.x + icon.width).toBeLessThanOrEqual(sentence.x + 24)
    expect(icon.y).toBeLessThan(sentence.y + 8)
    const remove = await box(page.getByRole('button', { name: 'Remove offline copy' }))
    expect(Math.abs(remove.x - sentence.x)).toBeLessThan(2)

    // Opened again later, it says so from the start, and a copy can be removed and kept again.
    await openItem(page, streamed.name)
    await openItem(page, kept.name)
    await page.getByRole('status').filter({ hasText: 'Kept offline' }).waitFor()
    await page.getByRole('button', { name: 'Remove offline copy' }).click()
    await page.getByText('Streams while online. Keep a copy to play it offline.').waitFor()
    await page.getByRole('button', { name: 'Keep offline' }).click()
    await done.waitFor()

    await market!.close()
    const offline = await fetchStatus(page, keptSrc)
    expect(offline.status).toBe(200)
    expect(offline.bytes).toBeGreaterThan(0)
    expect((await fetchStatus(page, streamedSrc)).status).not.toBe(200)
  })
})
