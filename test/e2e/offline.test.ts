import type { Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../electron/demo'
import { getPacer } from '../../electron/main/marketplace/pacer-registry'
import { LOOKS, startHarness, type Harness } from './harness'

// The seller browses with the marketplace up, loses it, and keeps working from the cache;
// the marketplace is a demo server in this process, stopped and started on one port.

/** A demo marketplace the test can stop and start again at the same address (same seed, same key). */
async function marketplace(
  options: DemoServerOptions
): Promise<{ current(): DemoServer; stop(): Promise<void>; start(): Promise<void> }> {
  let server: DemoServer | null = await startDemoServer({ port: 0, ...options })
  const port = Number(new URL(server.baseUrl).port)
  // Spec mode sends no rate-limit headers and has no limit (as app.ts sets for its demo).
  if (options.mode === 'spec') getPacer(server.baseUrl, { limit: 6000, windowMs: 60_000 })
  const handle = {
    current: (): DemoServer => {
      if (!server) throw new Error('the marketplace is stopped')
      return server
    },
    stop: async (): Promise<void> => {
      await server?.close()
      server = null
    },
    start: async (): Promise<void> => {
      server = await startDemoServer({ ...options, port })
    }
  }
  onTestFinished(() => handle.stop())
  return handle
}

async function connect(h: Harness, baseUrl: string, apiKey: string): Promise<void> {
  const { page } = h
  await page.getByRole('heading', { name: 'Connect your marketplace' }).waitFor()
  await page.getByLabel('Marketplace URL').fill(baseUrl)
  await page.getByLabel('API key', { exact: true }).fill(apiKey)
  await page.getByRole('button', { name: 'Test and save' }).click()
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
}

async function openView(page: Page, name: 'Account' | 'Items' | 'Validate'): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: new RegExp(name) })
    .click()
  await page.getByRole('heading', { name, level: 1 }).waitFor()
}

interface ImageState {
  src: string
  width: number
}

/** Every <img> under the selector, with the address it was loaded from and its decoded width (0: not loaded). */
function images(page: Page, selector: string): Promise<ImageState[]> {
  return page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(`${selector} img`)})].map((img) => ({ src: img.currentSrc || img.src, width: img.complete ? img.naturalWidth : 0 }))`
  )
}

const LIST = '[role="list"][aria-label="Items"]'

/** Waits until at least `min` thumbnails are in the list and every one of them has loaded. */
async function thumbnailsLoaded(page: Page, min: number): Promise<ImageState[]> {
  let last: ImageState[] = []
  await expect
    .poll(
      async () => {
        last = await images(page, LIST)
        return last.length >= min && last.every((i) => i.width > 0)
      },
      { timeout: 20_000 }
    )
    .toBe(true)
  return last
}

const syncStatus = (page: Page) => page.locator('header [data-state]').first()

describe('Offline', () => {
  it('keeps the items and their pictures when the marketplace goes away, says so, and comes back online', async () => {
    const market = await marketplace({ mode: 'spec', size: 12 })
    const { baseUrl, apiKey } = market.current()
    const h = await startHarness()
    const { page } = h
    await connect(h, baseUrl, apiKey)

    await openView(page, 'Items')
    await page.locator('header [data-state="online"]').waitFor({ timeout: 20_000 })
    const online = await thumbnailsLoaded(page, 4)
    // Pictures come through the host's media route, never straight from the marketplace.
    for (const img of online) expect(img.src.startsWith(`${h.host.baseUrl}/media?`)).toBe(true)
    const names = await page.locator(`${LIST} [role="listitem"]`).allTextContents()

    // One item's page, so its preview image is stored too.
    await page.locator(`${LIST} [role="listitem"] button`).first().click()
    await page.getByRole('button', { name: 'Back', exact: true }).waitFor()
    await expect
      .poll(async () => (await images(page, 'main')).some((i) => i.width > 0), { timeout: 20_000 })
      .toBe(true)
    const itemTitle = await page.getByRole('heading', { level: 1 }).textContent()
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await thumbnailsLoaded(page, 4)

    await market.stop()
    // With the marketplace gone, every picture the page shows must come from the host's media cache.
    const mediaAnswers: number[] = []
    page.on('response', (r) => {
      if (r.url().startsWith(`${h.host.baseUrl}/media?`)) mediaAnswers.push(r.status())
    })
    await page.reload()
    // The page starts again on Items, where the seller left it; the cached account shows too.
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor()
    await openView(page, 'Account')
    await openView(page, 'Items')
    const offline = syncStatus(page)
    await page.locator('header [data-state="offline"]').waitFor({ timeout: 20_000 })
    expect(await offline.textContent()).toMatch(/^Offline since .+ · data from \S/)
    expect(await offline.getAttribute('title')).toContain("Can't reach 127.0.0.1")
    const cached = await thumbnailsLoaded(page, 4)
    for (const img of cached) expect(img.src.startsWith(`${h.host.baseUrl}/media?`)).toBe(true)
    expect(mediaAnswers.filter((status) => status === 200).length).toBeGreaterThanOrEqual(
      cached.length
    )
    expect(await page.locator(`${LIST} [role="listitem"]`).allTextContents()).toEqual(names)

    // The item page too, with its preview, from the cache.
    await page
      .locator(LIST)
      .getByRole('button', { name: itemTitle ?? '' })
      .first()
      .click()
    await page.getByRole('heading', { name: itemTitle ?? '', level: 1 }).waitFor()
    await expect
      .poll(async () => (await images(page, 'main')).some((i) => i.width > 0), { timeout: 20_000 })
      .toBe(true)
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await thumbnailsLoaded(page, 4)

    for (const [scheme, viewport] of LOOKS) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.setViewportSize(viewport)
      await thumbnailsLoaded(page, 1)
      await h.screenshot(`offline-items-${scheme}-${viewport.width}x${viewport.height}`)
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1280, height: 800 })

    // Refresh with the marketplace still gone: the data stays, the header still says why.
    const refresh = page.getByRole('button', { name: 'Refresh' })
    await refresh.click()
    await page.locator('header [data-state="offline"]').waitFor()
    await expect.poll(() => refresh.isEnabled()).toBe(true)
    expect(await page.locator(`${LIST} [role="listitem"]`).allTextContents()).toEqual(names)
    expect(await syncStatus(page).getAttribute('title')).toContain("Can't reach 127.0.0.1")

    // Back at the same address: Refresh goes online again.
    await market.start()
    await refresh.click()
    await page.locator('header [data-state="online"]').waitFor({ timeout: 20_000 })
    expect(await syncStatus(page).textContent()).toMatch(/^Online · synced/)
    expect(await page.locator(`${LIST} [role="listitem"]`).allTextContents()).toEqual(names)
  })

  it('keeps items useful when the item list fails: an item added by id and one from a validated purchase', async () => {
    // A real install whose list answers 500 because one item has no sub-category.
    const market = await marketplace({ mode: 'real', missingSubCategory: true })
    const demo = market.current()
    const healthy = demo.data.items.filter((i) => i.sub_category !== null)
    const byId = healthy[0]!
    const purchase = demo.data.purchases.find(
      (p) => p.state === 'active' && p.itemId !== byId.id && healthy.some((i) => i.id === p.itemId)
    )!
    const purchased = healthy.find((i) => i.id === purchase.itemId)!
    const h = await startHarness()
    const { page } = h
    await connect(h, demo.baseUrl, demo.apiKey)

    await openView(page, 'Items')
    await page.getByText('The marketplace could not list your items.').waitFor()
    // Not "lists no items": the list failed, and the empty state says what still works.
    await page
      .getByText('No items to show yet: the list could not be read.', { exact: false })
      .waitFor()
    await h.screenshot('offline-list-unavailable-empty')

    // Add an item by its id: read once and in the list at once, no Refresh needed.
    await page.getByLabel('Item id').fill(String(byId.id))
    await page.getByRole('button', { name: 'Add item' }).click()
    await page.locator(LIST).getByText(byId.name).waitFor()
    // The list is short and says why, with the way to add more.
    const notice = page.locator('[role="status"]', {
      hasText: 'The marketplace could not list your items.'
    })
    await notice.getByText('only the 1 item known to this app', { exact: false }).waitFor()
    await notice.getByRole('button', { name: 'Add item by id' }).click()
    await page.getByRole('group', { name: 'Add by id' }).getByLabel('Item id').waitFor()
    // Opened from the list, and back again: still listed without a Refresh.
    await page.locator(LIST).getByText(byId.name).click()
    await page.getByRole('heading', { name: byId.name, level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor()
    await page.locator(LIST).getByText(byId.name).waitFor()

    // A validated purchase teaches its item too.
    await openView(page, 'Validate')
    await page.getByLabel('Purchase code', { exact: true }).fill(purchase.code)
    await page.getByRole('button', { name: 'Check' }).click()
    await page
      .locator('article[aria-labelledby="verdict-word"]')
      // Any valid verdict (the demo purchase's support may have run out): "Valid…".
      .getByRole('heading', { name: /^Valid/ })
      .waitFor()
    // A purchase checked elsewhere is learnt by main; this list shows it once refreshed.
    await openView(page, 'Items')
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.locator(LIST).getByText(purchased.name).waitFor()
    const listed = await page.locator(`${LIST} [role="listitem"]`).allTextContents()
    expect(listed).toHaveLength(2)
    expect(listed.join('\n')).toContain(byId.name)
    expect(listed.join('\n')).toContain(purchased.name)
    await page.getByText('The marketplace could not list your items.').waitFor()
    await h.screenshot('offline-list-unavailable-known-items')
  })
})
