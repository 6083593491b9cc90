import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startHarness, type Harness } from './harness'
import { demoWithHandle, imagesLoaded, openItems } from './items-helpers'
import type { PG, PageMedia } from './page-globals'

// An item's media as the seller sees it: the image gallery and its full-size viewer, the
// preview video and the preview audio, all through the host's /media route.

async function openItem(h: Harness, name: string): Promise<void> {
  await openItems(h.page)
  await h.page.getByRole('searchbox', { name: 'Search items' }).fill(name)
  await h.page.getByRole('button', { name }).click()
  await h.page.getByRole('heading', { name, level: 2 }).waitFor()
}

async function start(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  return startHarness({ demo: true, startDemo: demoWithHandle().startDemo, ...options })
}

/** Waits for metadata, plays, and waits for the clock to move. */
async function playsThrough(
  page: Page,
  selector: string
): Promise<{ duration: number; currentTime: number }> {
  await page.waitForFunction((sel) => {
    const m = (globalThis as unknown as PG).document.querySelector<PageMedia>(sel)
    return m !== null && m.readyState >= 1 && m.duration > 0
  }, selector)
  await page.evaluate(async (sel) => {
    const m = (globalThis as unknown as PG).document.querySelector<PageMedia>(sel)!
    m.muted = true
    await m.play()
  }, selector)
  await page.waitForFunction(
    (sel) =>
      ((globalThis as unknown as PG).document.querySelector<PageMedia>(sel)?.currentTime ?? 0) >
      0.2,
    selector
  )
  return page.evaluate((sel) => {
    const m = (globalThis as unknown as PG).document.querySelector<PageMedia>(sel)!
    return { duration: m.duration, currentTime: m.currentTime }
  }, selector)
}

const IMAGE_ITEM = 'Midnight Mobile Banking App' // preview and 4 screenshots
const VIDEO_ITEM = 'Cinematic Title Sequence'
const AUDIO_ITEM = 'Lo-fi Study Loop'

describe('Item media', () => {
  it('opens the gallery full size; arrows step, Escape closes and gives focus back', async () => {
    const h = await start()
    const { page } = h
    await openItem(h, IMAGE_ITEM)
    expect(await imagesLoaded(page, '[aria-label="Images"]')).toBe(5)
    const opener = page.getByRole('button', { name: 'Open image 1 of 5 full size' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: `${IMAGE_ITEM}: image 1 of 5` })
    await dialog.waitFor()
    const shown = async (): Promise<string> => {
      await imagesLoaded(page, '[role="dialog"]')
      return (await page.getByRole('dialog').locator('img').getAttribute('src')) ?? ''
    }
    const first = await shown()
    await page.keyboard.press('ArrowRight')
    await page.getByRole('dialog', { name: `${IMAGE_ITEM}: image 2 of 5` }).waitFor()
    const second = await shown()
    expect(second).not.toBe(first)
    await page.keyboard.press('ArrowLeft')
    await page.getByRole('dialog', { name: `${IMAGE_ITEM}: image 1 of 5` }).waitFor()
    expect(await shown()).toBe(first)
    await page.keyboard.press('ArrowLeft')
    await page.getByRole('dialog', { name: `${IMAGE_ITEM}: image 5 of 5` }).waitFor()
    await shown()

    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    // Escape closed the viewer only: still on the item, focus back on what opened it.
    await page.getByRole('heading', { name: IMAGE_ITEM, level: 2 }).waitFor()
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as PG).document.activeElement?.getAttribute('aria-label')
      )
    ).toMatch(/^Open image \d of 5 full size$/)
  })

  it('loads and plays a video item', async () => {
    const h = await start()
    await openItem(h, VIDEO_ITEM)
    const played = await playsThrough(h.page, 'video')
    expect(played.duration).toBeGreaterThan(0)
    expect(played.currentTime).toBeGreaterThan(0.2)
    expect(await h.page.getByText('could not be loaded').count()).toBe(0)
  })

  it('loads and plays an audio item', async () => {
    const h = await start()
    await openItem(h, AUDIO_ITEM)
    const played = await playsThrough(h.page, 'audio')
    expect(played.duration).toBeGreaterThan(0)
    expect(played.currentTime).toBeGreaterThan(0.2)
    expect(await imagesLoaded(h.page, 'body')).toBeGreaterThan(0)
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 760, height: 700 }
    ]) {
      it(`looks right (${colorScheme}, ${viewport.width}x${viewport.height})`, async () => {
        const h = await start({ colorScheme, viewport })
        const tag = `${colorScheme}-${viewport.width}`
        await openItem(h, IMAGE_ITEM)
        await imagesLoaded(h.page, '[aria-label="Images"]')
        await h.screenshot(`item-image-${tag}`)
        await h.page.getByRole('button', { name: /full size$/ }).click()
        await imagesLoaded(h.page, '[role="dialog"]')
        await h.screenshot(`item-viewer-${tag}`)
        await h.page.keyboard.press('Escape')
        await h.page.keyboard.press('Escape')
        await openItem(h, VIDEO_ITEM)
        await h.page.waitForFunction(
          () =>
            ((globalThis as unknown as PG).document.querySelector<PageMedia>('video')?.readyState ??
              0) >= 2
        )
        await h.screenshot(`item-video-${tag}`)
        await h.page.keyboard.press('Escape')
        await openItem(h, AUDIO_ITEM)
        await h.page.waitForFunction(
          () =>
            ((globalThis as unknown as PG).document.querySelector<PageMedia>('audio')?.readyState ??
              0) >= 1
        )
        await h.screenshot(`item-audio-${tag}`)
      })
    }
  }
})
