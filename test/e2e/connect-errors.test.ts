import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../electron/demo'
import { startHarness, type Harness } from './harness'

// A newcomer's mistakes on the Connect card: each answer is one message with one next
// step, the last one goes when the form is sent again, and a key that works but lists no
// items is a warning with a way on, not an error.
describe('Connect errors', () => {
  let market: DemoServer

  beforeAll(async () => {
    market = await startDemoServer({ mode: 'real' })
  })
  afterAll(async () => {
    await market?.close()
  })

  async function send(h: Harness, url: string, key: string): Promise<void> {
    await h.page.getByLabel('Marketplace URL').fill(url)
    await h.page.getByLabel('API key', { exact: true }).fill(key)
    await h.page.getByRole('button', { name: 'Test and save' }).click()
  }

  it('says each problem once, clears it on the next try, and warns for Save anyway', async () => {
    const h = await startHarness()
    const { page } = h
    await page.getByRole('heading', { name: 'Connect your marketplace' }).waitFor()
    const alert = page.getByRole('alert')

    // Nothing listens on port 9 of this machine.
    await send(h, 'http://127.0.0.1:9', market.apiKey)
    await alert.waitFor()
    const text = (await alert.textContent()) ?? ''
    expect(text.match(/reach/gi)).toHaveLength(1)
    expect(text.match(/check/gi) ?? []).toHaveLength(1)
    expect(await alert.getAttribute('data-tone')).toBe('error')

    // Sent again with a gap: the old answer goes at once.
    await page.getByLabel('API key', { exact: true }).fill('')
    await page.getByRole('button', { name: 'Test and save' }).click()
    await page.getByText('Enter the API key.').waitFor()
    expect(await alert.count()).toBe(0)

    // A buyer's key works but lists no items: a warning offering Save anyway.
    await send(h, market.baseUrl, market.buyerKey)
    await alert.getByRole('button', { name: 'Save anyway' }).waitFor()
    expect(await alert.getAttribute('data-tone')).toBe('warning')
    const colours = await alert.evaluate((el) => {
      const win = el.ownerDocument.defaultView!
      const root = win.getComputedStyle(el.ownerDocument.documentElement)
      const probe = el.ownerDocument.createElement('span')
      el.ownerDocument.body.append(probe)
      const resolve = (v: string): string => {
        probe.style.color = root.getPropertyValue(v)
        return win.getComputedStyle(probe).color
      }
      const out = {
        border: win.getComputedStyle(el).borderTopColor,
        danger: resolve('--danger'),
        warn: resolve('--warn')
      }
      probe.remove()
      return out
    })
    expect(colours.border).toBe(colours.warn)
    expect(colours.border).not.toBe(colours.danger)
    await alert.getByRole('button', { name: 'Save anyway' }).click()
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
  })
})
