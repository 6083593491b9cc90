import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../electron/demo'
import { startHarness, type Harness } from './harness'
import { rpcRequest } from '../support/harness-http'

// A seller connecting a marketplace for the first time. The marketplace is a demo server
// in this process answering the way a real install does; the app reaches it over HTTP.
describe('Connect', () => {
  let market: DemoServer

  beforeAll(async () => {
    market = await startDemoServer({ mode: 'real' })
  })
  afterAll(async () => {
    await market?.close()
  })

  async function fill(h: Harness, key: string): Promise<void> {
    await h.page.getByLabel('Marketplace URL').fill(market.baseUrl)
    await h.page.getByLabel('API key', { exact: true }).fill(key)
    await h.page.getByRole('button', { name: 'Test and save' }).click()
  }

  it('refuses a wrong key, explains a buyer key, then connects with the seller key', async () => {
    const h = await startHarness()
    const { page } = h
    await page.getByRole('heading', { name: 'Connect your marketplace' }).waitFor()
    expect(await page.locator(':focus').getAttribute('name')).toBe('baseUrl')

    await fill(h, '0'.repeat(64))
    await page.getByRole('alert').getByText('The marketplace refused this key').waitFor()

    await fill(h, market.buyerKey)
    const alert = page.getByRole('alert')
    await alert.getByRole('button', { name: 'Save anyway' }).waitFor()
    expect(await alert.textContent()).toMatch(/no items|not a seller|seller/i)

    await fill(h, `  ${market.apiKey}\n`)
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor()
    const name = `${market.data.seller.firstname} ${market.data.seller.lastname}`
    await page.getByRole('heading', { name }).waitFor()
    expect(await page.getByTestId('balance').textContent()).toMatch(/\d/)

    // Main kept the connection; the key never reached the page.
    const port = Number(new URL(h.host.baseUrl).port)
    const listed = JSON.parse(
      (await rpcRequest(port, 'listConnections', h.token, undefined, { Origin: h.host.baseUrl }))
        .body
    )
    expect(listed.data.connections).toHaveLength(1)
    expect(listed.data.connections[0]).toMatchObject({
      baseUrl: market.baseUrl,
      keyStorage: 'keychain'
    })
    expect(await page.content()).not.toContain(market.apiKey)
    expect(h.consoleLines.join('\n')).not.toContain(market.apiKey)
  })

  it('explores the demo from the Connect screen', async () => {
    const h = await startHarness()
    await h.page.getByRole('button', { name: 'Explore the demo' }).click()
    await h.page
      .getByRole('button', { name: /Connection: .*/ })
      .getByText('Demo', { exact: true })
      .waitFor()
    await h.page.getByTestId('balance').waitFor()
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 760, height: 700 }
    ]) {
      it(`looks right (${colorScheme}, ${viewport.width}x${viewport.height})`, async () => {
        const h = await startHarness({ colorScheme, viewport })
        await h.page.getByRole('heading', { name: 'Connect your marketplace' }).waitFor()
        await h.screenshot(`connect-${colorScheme}-${viewport.width}`)
        await fill(h, '0'.repeat(64))
        await h.page.getByRole('alert').waitFor()
        await h.page.getByLabel('API key', { exact: true }).blur()
        await h.screenshot(`connect-error-${colorScheme}-${viewport.width}`)
      })
    }
  }
})
