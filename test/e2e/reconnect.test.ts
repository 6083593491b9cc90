import { describe, it, onTestFinished } from 'vitest'
import { startDemoServer, type DemoServer } from '../../electron/demo'
import { getPacer } from '../../electron/main/marketplace/pacer-registry'
import { startHarness } from './harness'

// The marketplace goes away and comes back while the app is open: "Offline" clears by
// itself, nobody presses Refresh. The page's clock is Playwright's, so the 5-second
// backoff is skipped over, not waited for.

describe('Reconnect', () => {
  it('clears "Offline" by itself: after the backoff, and when the OS is online again', async () => {
    let market: DemoServer | null = await startDemoServer({ mode: 'spec', port: 0, size: 6 })
    const { baseUrl, apiKey } = market
    const port = Number(new URL(baseUrl).port)
    getPacer(baseUrl, { limit: 6000, windowMs: 60_000 })
    onTestFinished(() => market?.close())
    const stop = async (): Promise<void> => {
      await market?.close()
      market = null
    }
    const start = async (): Promise<void> => {
      market = await startDemoServer({ mode: 'spec', port, size: 6 })
    }

    const h = await startHarness()
    const { page } = h
    await page.getByLabel('Marketplace URL').fill(baseUrl)
    await page.getByLabel('API key', { exact: true }).fill(apiKey)
    await page.getByRole('button', { name: 'Test and save' }).click()
    await page.getByTestId('balance').waitFor()
    await page.clock.install()
    await page.reload()
    const state = (s: string) => page.locator(`header [data-state="${s}"]`)
    await state('online').waitFor({ timeout: 20_000 })
    // From here the page's time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 1_000)

    // Lost: a Refresh finds it gone.
    await stop()
    await page.getByRole('button', { name: 'Refresh' }).click()
    await state('offline').waitFor({ timeout: 20_000 })
    // Back: the first retry (5 s) finds it.
    await start()
    await page.clock.fastForward(5_000)
    await state('online').waitFor({ timeout: 20_000 })

    // Lost again; the OS says the network is back: at once, without the backoff.
    await stop()
    await page.getByRole('button', { name: 'Refresh' }).click()
    await state('offline').waitFor({ timeout: 20_000 })
    await start()
    await page.evaluate("window.dispatchEvent(new Event('online'))")
    await state('online').waitFor({ timeout: 20_000 })
  })
})
