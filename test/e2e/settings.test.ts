import keytar from 'keytar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../electron/demo'
import { startHarness, type Harness } from './harness'
import { rpcRequest } from '../support/harness-http'
import { savedKey } from '../support/keychain-entry'

interface Listed {
  ok: boolean
  data: {
    connections: Array<{ id: string; label: string; isDemo: boolean }>
    activeId: string | null
  }
}

async function listConnections(h: Harness): Promise<Listed['data']> {
  const port = Number(new URL(h.host.baseUrl).port)
  const answer = await rpcRequest(port, 'listConnections', h.token, undefined, {
    Origin: h.host.baseUrl
  })
  const parsed = JSON.parse(answer.body) as Listed
  expect(parsed.ok).toBe(true)
  return parsed.data
}

// The seller manages connections: a second marketplace beside the demo, switching, removing.
describe('Settings', () => {
  let market: DemoServer

  beforeAll(async () => {
    market = await startDemoServer({ mode: 'real' })
  })
  afterAll(async () => {
    await market?.close()
  })

  it('adds a second connection, switches between them and removes one', async () => {
    const h = await startHarness({ demo: true })
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /Settings/ })
      .click()
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()

    await page.getByRole('button', { name: 'Add connection' }).click()
    await page.getByLabel('Marketplace URL').fill(market.baseUrl)
    await page.getByLabel('API key', { exact: true }).fill(market.apiKey)
    await page.getByLabel('Label (optional)').fill('Second shop')
    await page.getByRole('button', { name: 'Test and save' }).click()
    const list = page.getByRole('list', { name: 'Connections' })
    const second = list.getByRole('listitem', { name: 'Second shop' })
    await second.getByText('Active').waitFor()
    await second.getByText('Key in the keychain').waitFor()

    // Back to the demo from the sidebar menu.
    await page.getByRole('button', { name: /Connection: Second shop/ }).click()
    await page.getByRole('menuitemradio', { name: /Demo/ }).click()
    await page.getByRole('button', { name: /Connection: Demo/ }).waitFor()
    const listed = (await listConnections(h)).connections
    const secondId = listed.find((c) => c.label === 'Second shop')?.id
    expect(secondId).toBeDefined()
    // The key went to the real system keychain (this process runs under with-keychain.sh).
    expect(savedKey(await keytar.getPassword(h.keychainService, secondId ?? ''))).toBe(
      market.apiKey
    )

    // "Test" checks the saved key where it is kept: main reads it from the keychain.
    await second.getByRole('button', { name: 'Test Second shop' }).click()
    await second
      .getByRole('status', { name: 'Test result for Second shop' })
      .getByText(`Connected as @${market.data.seller.username}`)
      .waitFor()
    await keytar.setPassword(h.keychainService, secondId ?? '', 'f'.repeat(64))
    await second.getByRole('button', { name: 'Test Second shop' }).click()
    const refused = second.getByRole('alert', { name: 'Test result for Second shop' })
    await refused.waitFor()
    expect(await refused.textContent()).not.toContain('f'.repeat(64))
    await keytar.setPassword(h.keychainService, secondId ?? '', market.apiKey)

    await second.getByRole('button', { name: 'Remove Second shop' }).click()
    await second.getByText('This deletes its API key from the keychain').waitFor()
    await second.getByRole('button', { name: 'Remove connection' }).click()
    await second.waitFor({ state: 'detached' })

    const after = await listConnections(h)
    expect(after.connections.map((c) => c.label)).not.toContain('Second shop')
    expect(after.connections).toHaveLength(1)
    expect(after.connections[0]?.isDemo).toBe(true)
    // Removing the connection deleted its key from the keychain, not just the list entry.
    expect(await keytar.getPassword(h.keychainService, secondId ?? '')).toBeNull()
    const left = await keytar.findCredentials(h.keychainService)
    expect(left.map((c) => savedKey(c.password))).not.toContain(market.apiKey)
  })

  it('keeps the chosen theme across a reload', async () => {
    const h = await startHarness({ demo: true })
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await page.keyboard.press('Control+5')
    // The theme applies at once and saves in the background; a reload that lands before
    // the save has reached the host cancels it (Electron's IPC has no such window).
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/rpc/setTheme')
    await page.getByRole('radio', { name: /Dark/ }).check()
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark')
    expect((await saved).ok()).toBe(true)
    await page.reload()
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' })
  })

  it('follows the OS between light and dark while the theme is System', async () => {
    const h = await startHarness({ demo: true, colorScheme: 'dark' })
    const { page } = h
    await page.getByTestId('balance').waitFor()
    const html = page.locator('html')
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' })
    expect(await html.getAttribute('data-theme-choice')).toBe('system')
    const background = (): Promise<string> =>
      page
        .locator('body')
        .evaluate((b) => b.ownerDocument.defaultView.getComputedStyle(b).backgroundColor)
    const dark = await background()
    await page.emulateMedia({ colorScheme: 'light' })
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' })
    expect(await background()).not.toBe(dark)
    // A chosen theme stays put whatever the OS does.
    await page.keyboard.press('Control+5')
    await page.getByRole('radio', { name: /Dark/ }).check()
    await page.emulateMedia({ colorScheme: 'light' })
    expect(await html.getAttribute('data-theme')).toBe('dark')
    expect(await background()).toBe(dark)
  })

  it('sends the seller back to Connect after removing the last connection', async () => {
    const h = await startHarness({ demo: true })
    const { page } = h
    await page.getByTestId('balance').waitFor()
    await page.keyboard.press('Control+5')
    const row = page.getByRole('list', { name: 'Connections' }).getByRole('listitem').first()
    await row.getByRole('button', { name: /^Remove / }).click()
    await row.getByRole('button', { name: 'Remove connection' }).click()
    await page.getByRole('heading', { name: 'Connect your marketplace' }).waitFor()
    expect((await listConnections(h)).connections).toEqual([])
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 760, height: 700 }
    ]) {
      it(`looks right (${colorScheme}, ${viewport.width}x${viewport.height})`, async () => {
        const h = await startHarness({ demo: true, colorScheme, viewport })
        await h.page.getByTestId('balance').waitFor()
        await h.page.keyboard.press('Control+5')
        await h.page.getByRole('heading', { name: 'What is stored where' }).waitFor()
        await h.screenshot(`settings-${colorScheme}-${viewport.width}`)
        await h.page
          .getByRole('button', { name: /^Edit / })
          .first()
          .click()
        await h.screenshot(`settings-edit-${colorScheme}-${viewport.width}`)
      })
    }
  }
})
