import { afterEach, describe, expect, it } from 'vitest'
import { createKeytarSecretStore } from '../../electron/main/secrets/keytar-store'
import type { Freshness, HistoryEntry } from '../../shared/ipc/contract'
import { dataOf, startDurableHost, type DurableHost } from '../support/durable-host'
import { launchChromium } from './harness'
import { startFaultyMarket, type FaultyMarket } from '../support/faulty-market'

/** Every view's one sentence while the key cannot be read (shared/connection-status.ts). */
const LOCKED_SENTENCE =
  'The system keychain is locked, so the key can’t be read: unlock it, then try again.'

// Issue 13, real-installs §9: a locked or missing keychain hid every cached thing. Cached account,
// items and history stay readable without the key; only calls to the marketplace need it.

let host: DurableHost | null = null
let market: FaultyMarket | null = null
afterEach(async () => {
  await host?.dispose()
  await market?.close()
  host = market = null
})

type Cached<T> = { data: T; freshness: Freshness }
const CODE = '3f2a9c1e-8b7d-4e6f-a5b4-c3d2e1f0a9b8'
const quiet = { warn: () => undefined }

/** A seller with a saved key, an account, items and one check cached; the host then stopped. */
async function savedSeller(): Promise<{ h: DurableHost; id: string }> {
  market = await startFaultyMarket([1, 2, 3])
  const h = await startDurableHost()
  const { id } = dataOf(
    await h.rpc<{ id: string }>('addConnection', { baseUrl: market.baseUrl, apiKey: market.key })
  )
  dataOf(await h.rpc('getAccount', { refresh: true }))
  dataOf(await h.rpc('listItems', { refresh: true }))
  dataOf(await h.rpc('validatePurchase', { code: CODE }))
  await h.host.close()
  return { h, id }
}

async function expectSavedDataReadable(h: DurableHost, why: RegExp): Promise<void> {
  for (const refresh of [false, true]) {
    const account = dataOf(await h.rpc<Cached<{ username: string }>>('getAccount', { refresh }))
    expect(account.data.username).toBe('fay')
    const items = dataOf(await h.rpc<Cached<{ items: unknown[] }>>('listItems', { refresh }))
    expect(items.data.items).toHaveLength(3)
    if (refresh) {
      // Says why nothing refreshes.
      expect(account.freshness).toMatchObject({ source: 'cache', offline: false })
      expect(account.freshness.refreshError).toMatch(why)
      expect(items.freshness.refreshError).toMatch(why)
    }
  }
  const item = dataOf(await h.rpc<Cached<{ id: number }>>('getItem', { id: 2, refresh: true }))
  expect(item.data.id).toBe(2)
  const history = dataOf(await h.rpc<{ entries: HistoryEntry[] }>('listHistory'))
  expect(history.entries.map((e) => e.code)).toEqual([CODE])
}

describe('saved data without the key', () => {
  it('stays readable when the keychain is missing (no keytar), and checks say why they cannot run', async () => {
    const { h } = await savedSeller()
    host = h
    await h.restart({
      secretStore: createKeytarSecretStore({
        service: h.keychainService,
        load: () => Promise.reject(new Error('keytar is not installed')),
        log: quiet
      })
    })
    await expectSavedDataReadable(h, /^Keychain locked: showing saved data/)
    const refreshed = dataOf(await h.rpc<Cached<unknown>>('getAccount', { refresh: true }))
    expect(refreshed.freshness.refreshErrorKind).toBe('keychain-unavailable')
    // A purchase check does need the key.
    const check = await h.rpc('validatePurchase', { code: CODE })
    expect(check).toMatchObject({ ok: false, error: { kind: 'keychain-unavailable' } })
  })

  it('shows the seller the saved account and items, and why nothing refreshes', async () => {
    const { h } = await savedSeller()
    host = h
    await h.restart({
      secretStore: createKeytarSecretStore({
        service: h.keychainService,
        load: () => Promise.reject(new Error('keytar is not installed')),
        log: quiet
      })
    })
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      await page.goto(h.host.server.url)
      await page.getByText('Fay Ulty').first().waitFor()
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: LOCKED_SENTENCE }).count())
        .toBe(1)
      await page.getByRole('button', { name: /^Items/ }).click()
      await page.getByText('Faulty item 3').first().waitFor()
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: LOCKED_SENTENCE }).count())
        .toBe(1)
      expect(await page.locator('header [data-state="locked"]').textContent()).toMatch(
        /^Keychain locked · data from /
      )
    } finally {
      await browser.close()
    }
  })

  it('stays readable when the keychain is locked (it does not answer)', async () => {
    const { h } = await savedSeller()
    host = h
    await h.restart({
      secretStore: createKeytarSecretStore({
        service: h.keychainService,
        load: async () => ({
          getPassword: () => new Promise<string | null>(() => undefined),
          setPassword: () => new Promise<void>(() => undefined),
          deletePassword: () => new Promise<boolean>(() => undefined)
        }),
        probeTimeoutMs: 200,
        log: quiet
      })
    })
    await expectSavedDataReadable(h, /^Keychain locked: showing saved data/)
  })

  it('stays readable when the key was deleted from the real keychain', async () => {
    const { h, id } = await savedSeller()
    host = h
    const { default: keytar } = await import('keytar')
    expect(await keytar.deletePassword(h.keychainService, id)).toBe(true)
    await h.restart()
    await expectSavedDataReadable(h, /is not saved on this computer any more/)
  })
})
