import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { LOOKS, startHarness, type Harness } from './harness'
import { demoWithHandle, openItems } from './items-helpers'
import type { PG } from './page-globals'

// Issue 34, point 4: a refresh that takes long shows how far it is, in Items and in
// Settings, and Cancel keeps the saved list. The demo sends its item list down a slow line.

const SIZE = 2_000

const bar = (page: Page) => page.getByRole('group', { name: 'Catalogue refresh' })
const itemCount = (page: Page) =>
  page.getByRole('toolbar', { name: 'Filter items' }).locator('[aria-live="polite"]')

async function open(page: Page, name: 'Items' | 'Settings'): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click()
  await page.getByRole('heading', { name, level: 1 }).waitFor()
}

async function shots(h: Harness, name: string, ready: () => Promise<void>): Promise<void> {
  for (const [scheme, viewport] of LOOKS) {
    await h.page.emulateMedia({ colorScheme: scheme })
    await h.page.setViewportSize(viewport)
    await ready()
    await h.screenshot(`refresh-progress-${name}-${scheme}-${viewport.width}x${viewport.height}`)
  }
  await h.page.emulateMedia({ colorScheme: 'light' })
  await h.page.setViewportSize({ width: 1280, height: 800 })
}

describe('A long refresh', () => {
  it('shows how far it is in Items and Settings, and Cancel keeps the saved list', async () => {
    const demo = demoWithHandle({ size: SIZE })
    // With motion: what turns during a refresh is part of what this test checks.
    const h = await startHarness({ demo: true, startDemo: demo.startDemo, motion: true })
    const { page } = h
    await openItems(page)
    await page.locator('header [data-state="online"]').waitFor({ timeout: 30_000 })
    expect(await itemCount(page).textContent()).toBe(`${SIZE.toLocaleString('en-US')} items`)

    // The whole list over five minutes: long enough for every look below, cancelled before.
    demo
      .market()
      .faults.inject(
        { type: 'trickle', ms: 300_000, pieces: 3_000 },
        { times: 1, path: '/api/items/all' }
      )
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page
      .locator('[data-testid="refresh-progress"][data-phase="downloading"]')
      .waitFor({ timeout: 30_000 })
    const words = bar(page).locator('span:not(.visually-hidden)').first()
    expect(await words.textContent()).toMatch(/^Syncing · [\d.]+ of [\d.]+ MB$/)
    const progress = bar(page).getByRole('progressbar', { name: 'Refresh progress' })
    const max = Number(await progress.getAttribute('aria-valuemax'))
    expect(max).toBeGreaterThan(1_000_000)
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(max)
    // The header's status still says it syncs (bench P2b waits on this attribute).
    expect(await page.locator('header [data-state="syncing"]').count()).toBe(1)
    // The saved list stays usable meanwhile.
    expect(await itemCount(page).textContent()).toBe(`${SIZE.toLocaleString('en-US')} items`)
    // What keeps turning while the refresh runs (the header's sync icon) moves in steps:
    // a smooth turn is a frame drawn on every vsync, on the CPU where there is no GPU.
    const endless = () =>
      page.evaluate(() =>
        (globalThis as unknown as PG).document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Infinity)
          .map((a) => [...new Set(a.effect!.getKeyframes().map((k) => String(k['easing'])))])
      )
    const turning = await endless()
    expect(turning.length).toBeGreaterThan(0)
    for (const easings of turning) expect(easings).toEqual([expect.stringMatching(/^steps\(/)])
    // A seller who asked the system for reduced motion sees nothing move at all.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await expect.poll(endless).toEqual([])
    expect(await bar(page).getByRole('progressbar').isVisible()).toBe(true)
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await expect.poll(async () => (await endless()).length).toBeGreaterThan(0)
    await expectNoSeriousViolations(page, 'Items, a refresh in progress')
    await shots(h, 'items', () => bar(page).getByRole('progressbar').waitFor())

    await open(page, 'Settings')
    const cacheCard = page.getByRole('region', { name: 'Offline cache' })
    await cacheCard.getByRole('progressbar', { name: 'Refresh progress' }).waitFor()
    expect(await cacheCard.getByRole('group', { name: 'Catalogue refresh' }).textContent()).toMatch(
      /Syncing · [\d.]+ of [\d.]+ MB/
    )
    await expectNoSeriousViolations(page, 'Settings, a refresh in progress')
    await shots(h, 'settings', async () => {
      await cacheCard.getByRole('progressbar').waitFor()
      await cacheCard.scrollIntoViewIfNeeded()
    })

    // Back in Items, Cancel by keyboard: the saved list stays, said once, and the focus
    // lands on Refresh.
    await open(page, 'Items')
    const cancel = bar(page).getByRole('button', { name: 'Cancel' })
    await cancel.focus()
    await page.keyboard.press('Enter')
    const notice = page.getByTestId('refresh-cancelled')
    await notice.waitFor({ timeout: 30_000 })
    expect(await notice.locator('p').textContent()).toMatch(
      /^Refresh cancelled: showing the list saved .+\.$/
    )
    expect(await bar(page).isHidden()).toBe(true)
    expect(await itemCount(page).textContent()).toBe(`${SIZE.toLocaleString('en-US')} items`)
    // Cancelled is not offline, nor a marketplace error.
    await page.locator('header [data-state="online"]').waitFor()
    await page.waitForFunction(
      () =>
        (globalThis as unknown as PG).document.activeElement?.getAttribute('data-action') ===
        'refresh'
    )
    await expectNoSeriousViolations(page, 'Items, a refresh cancelled')
    await shots(h, 'cancelled', () => notice.waitFor())

    // Refresh from the notice runs whole again and the notice goes.
    await notice.getByRole('button', { name: 'Refresh' }).click()
    await notice.waitFor({ state: 'detached', timeout: 60_000 })
    await page.locator('header [data-state="online"]').waitFor({ timeout: 60_000 })
  })
})
