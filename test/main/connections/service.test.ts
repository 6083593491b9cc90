import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryCatalogueCache } from '../../support/memory-catalogue-cache'
import {
  createConnectionService,
  type ConnectionService
} from '../../../electron/main/connections/service'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'
import type { KeychainStatus, SecretStore } from '../../../electron/main/secrets/types'
import { createSettingsStore } from '../../../electron/main/settings/store'
import { fakeMarket, item, type FakeMarket } from '../../support/fake-market'
import { savedKey } from '../../support/keychain-entry'

const SELLER_KEY = 'a'.repeat(64)
const BUYER_KEY = 'b'.repeat(64)
const SMALL_SHOP_KEY = 'c'.repeat(64)
const quiet = { warn: () => undefined }

/** A keychain stand-in whose availability the test controls. */
function switchableKeychain(): SecretStore & { state: KeychainStatus; inner: SecretStore } {
  const inner = createMemorySecretStore()
  const store = {
    state: 'available' as KeychainStatus,
    inner,
    status: async () => store.state,
    get: (id: string) => inner.get(id),
    set: async (id: string, secret: string) => {
      if (store.state === 'unavailable')
        throw Object.assign(new Error('no keychain'), { kind: 'keychain-unavailable' })
      await inner.set(id, secret)
    },
    delete: (id: string) => inner.delete(id)
  }
  return store
}

let dataDir: string
let market: FakeMarket
let keychain: ReturnType<typeof switchableKeychain>
let cache: ReturnType<typeof createMemoryCatalogueCache>
let service: ConnectionService
let demoStarts: number

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-conn-'))
  market = fakeMarket()
  market.keys.set(SELLER_KEY, { username: 'seller', items: [1, 2, 3] })
  market.keys.set(BUYER_KEY, { username: 'buyer', items: [] })
  market.keys.set(SMALL_SHOP_KEY, { username: 'tiny', items: [7] })
  keychain = switchableKeychain()
  cache = createMemoryCatalogueCache()
  demoStarts = 0
  service = createConnectionService({
    settings: createSettingsStore({ dataDir, log: quiet }),
    keychain,
    session: createMemorySecretStore(),
    marketplace: market.port,
    cache,
    demo: {
      ensure: async () => {
        demoStarts++
        return { baseUrl: `http://127.0.0.1:${4000 + demoStarts}`, apiKey: 'd'.repeat(64) }
      }
    },
    log: quiet
  })
})

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

async function filesText(): Promise<string> {
  const names = await readdir(dataDir)
  const texts = await Promise.all(names.map((n) => readFile(join(dataDir, n), 'utf8')))
  return texts.join('\n')
}

describe('connection service', () => {
  it('adds a seller: key in the keychain, label from the host, active, nothing secret on disk', async () => {
    const view = await service.add({ baseUrl: 'https://market.example.com/', apiKey: SELLER_KEY })
    expect(view).toMatchObject({
      label: 'market.example.com',
      baseUrl: 'https://market.example.com',
      isDemo: false,
      keyStorage: 'keychain'
    })
    expect(savedKey(await keychain.inner.get(view.id))).toBe(SELLER_KEY)
    const state = await service.list()
    expect(state).toEqual({ connections: [view], activeId: view.id, keychain: 'available' })
    expect(await filesText()).not.toContain(SELLER_KEY)
    expect(JSON.stringify(state)).not.toContain(SELLER_KEY)
  })

  it('refuses a buyer key with not-a-seller naming the account, unless allowNoItems', async () => {
    await expect(
      service.add({ baseUrl: 'https://m.example', apiKey: BUYER_KEY })
    ).rejects.toMatchObject({
      kind: 'not-a-seller',
      message: expect.stringContaining(
        'This key belongs to @buyer, but the marketplace lists no items for it.'
      )
    })
    expect((await service.list()).connections).toEqual([])
    const saved = await service.add({
      baseUrl: 'https://m.example',
      apiKey: SMALL_SHOP_KEY,
      allowNoItems: true,
      label: 'Tiny'
    })
    expect(saved.label).toBe('Tiny')
  })

  it('passes the marketplace error through for a wrong key and saves nothing', async () => {
    await expect(
      service.add({ baseUrl: 'https://m.example', apiKey: 'f'.repeat(64) })
    ).rejects.toMatchObject({ kind: 'unauthorized' })
    expect((await service.list()).connections).toEqual([])
  })

  it('treats a 500 on the list as a seller with a data fault, not a buyer', async () => {
    const port = market.port
    const broken = createConnectionService({
      settings: createSettingsStore({ dataDir, log: quiet }),
      keychain,
      session: createMemorySecretStore(),
      marketplace: {
        normaliseBaseUrl: port.normaliseBaseUrl,
        createClient: (o) => ({
          ...port.createClient(o),
          listItemsReport: async () => {
            throw Object.assign(new Error('HTTP 500'), { kind: 'server' })
          }
        })
      },
      log: quiet
    })
    await expect(
      broken.add({ baseUrl: 'https://m.example', apiKey: SELLER_KEY })
    ).resolves.toMatchObject({ keyStorage: 'keychain' })
  })

  it('without a keychain: refuses to save unless session-only, and says so', async () => {
    keychain.state = 'unavailable'
    await expect(
      service.add({ baseUrl: 'https://m.example', apiKey: SELLER_KEY })
    ).rejects.toMatchObject({
      kind: 'keychain-unavailable',
      message: expect.stringContaining('for this session only')
    })
    expect(market.calls).toEqual([])
    const view = await service.add({
      baseUrl: 'https://m.example',
      apiKey: SELLER_KEY,
      sessionOnly: true
    })
    expect(view.keyStorage).toBe('session')
    expect((await service.list()).keychain).toBe('unavailable')
    expect(await keychain.inner.get(view.id)).toBeNull()
    const { client, connectionId } = await service.activeClient()
    expect(connectionId).toBe(view.id)
    expect((await client.getAccount()).username).toBe('seller')
  })

  it('refuses plain http to a remote host before sending the key', async () => {
    await expect(
      service.add({ baseUrl: 'http://m.example', apiKey: SELLER_KEY })
    ).rejects.toMatchObject({ kind: 'insecure-url' })
    expect(market.calls).toEqual([])
  })

  it('updates: re-tests a new key, moves it between stores, keeps label-only edits offline', async () => {
    const view = await service.add({ baseUrl: 'https://m.example', apiKey: SELLER_KEY })
    market.calls.length = 0
    await expect(service.update({ id: view.id, label: 'Shop' })).resolves.toMatchObject({
      label: 'Shop'
    })
    expect(market.calls).toEqual([])
    await expect(service.update({ id: view.id, apiKey: 'e'.repeat(64) })).rejects.toMatchObject({
      kind: 'unauthorized'
    })
    expect(savedKey(await keychain.inner.get(view.id))).toBe(SELLER_KEY)
    const moved = await service.update({ id: view.id, sessionOnly: true })
    expect(moved.keyStorage).toBe('session')
    expect(await keychain.inner.get(view.id)).toBeNull()
    const back = await service.update({ id: view.id, sessionOnly: false })
    expect(back.keyStorage).toBe('keychain')
    expect(savedKey(await keychain.inner.get(view.id))).toBe(SELLER_KEY)
  })

  it('names a connection after a long host name in a label settings can hold', async () => {
    const host = `${'shop-'.repeat(30)}example.com`
    const view = await service.add({ baseUrl: `https://${host}`, apiKey: SELLER_KEY })
    expect(view.label).toBe(host.slice(0, 100))
    expect((await service.list()).connections.map((c) => c.label)).toEqual([host.slice(0, 100)])
  })

  it('forgets the cache when the address changes', async () => {
    const view = await service.add({ baseUrl: 'https://m.example', apiKey: SELLER_KEY })
    await cache.rememberItemIds(view.id, [5])
    await service.update({ id: view.id, baseUrl: 'https://m.example/shop' })
    expect(await cache.knownItemIds(view.id)).toEqual([])
    expect((await service.list()).connections[0]?.baseUrl).toBe('https://m.example/shop')
  })

  it('removes: key and cache gone, another connection becomes active', async () => {
    const first = await service.add({ baseUrl: 'https://one.example', apiKey: SELLER_KEY })
    const second = await service.add({ baseUrl: 'https://two.example', apiKey: SELLER_KEY })
    await cache.writeItem(second.id, { data: item(1), fetchedAt: new Date().toISOString() })
    const state = await service.remove({ id: second.id })
    expect(state.connections.map((c) => c.id)).toEqual([first.id])
    expect(state.activeId).toBe(first.id)
    expect(await keychain.inner.get(second.id)).toBeNull()
    expect(await cache.readItem(second.id, 1)).toBeNull()
    await expect(service.setActive({ id: second.id })).rejects.toMatchObject({ kind: 'not-found' })
  })

  it('gives background reads the same client as every other call, with the same key rules', async () => {
    const one = await service.add({ baseUrl: 'https://one.example', apiKey: SELLER_KEY })
    const two = await service.add({
      baseUrl: 'https://two.example',
      apiKey: SMALL_SHOP_KEY,
      allowNoItems: true
    })
    // Two is active; one is read in the background through the very client it would use.
    const oneClient = await service.clientOf(one.id)
    await service.setActive({ id: one.id })
    expect(oneClient).toBe((await service.activeClient()).client)
    expect((await service.clientOf(two.id))?.pacer).toBeDefined()
    // A replaced key is a new client: whatever refused the old one starts afresh.
    await service.update({ id: one.id, apiKey: BUYER_KEY })
    expect(await service.clientOf(one.id)).not.toBe(oneClient)
    // A locked keychain is said as such, before any request.
    keychain.state = 'unavailable'
    market.calls.length = 0
    await expect(service.clientOf(one.id)).rejects.toMatchObject({ kind: 'keychain-unavailable' })
    expect(market.calls).toEqual([])
  })

  it('never starts the demo for a background read', async () => {
    const demo = await service.startDemo()
    const starts = demoStarts
    const restarted = createConnectionService({
      settings: createSettingsStore({ dataDir, log: quiet }),
      keychain,
      session: createMemorySecretStore(),
      marketplace: market.port,
      demo: {
        ensure: async () => ({ baseUrl: 'http://127.0.0.1:1', apiKey: 'd'.repeat(64) }),
        started: () => false
      },
      log: quiet
    })
    expect(await restarted.clientOf(demo.id)).toBeNull()
    expect(demoStarts).toBe(starts)
  })

  it('has no client without an active connection', async () => {
    await expect(service.activeClient()).rejects.toMatchObject({ kind: 'no-connection' })
  })

  it('says the key is missing when the keychain lost it', async () => {
    const view = await service.add({ baseUrl: 'https://m.example', apiKey: SELLER_KEY })
    await keychain.inner.delete(view.id)
    expect((await service.list()).connections[0]?.keyStorage).toBe('none')
    await expect(service.activeClient()).rejects.toMatchObject({
      kind: 'no-connection',
      message: expect.stringContaining('enter the key again')
    })
  })

  it('starts the demo once, keeps one demo connection and follows its new address', async () => {
    const demo = await service.startDemo()
    expect(demo).toMatchObject({
      label: 'Demo marketplace',
      isDemo: true,
      keyStorage: 'session',
      baseUrl: 'http://127.0.0.1:4001'
    })
    const again = await service.startDemo()
    expect(again.id).toBe(demo.id)
    const state = await service.list()
    expect(state.connections.filter((c) => c.isDemo)).toHaveLength(1)
    expect(state.activeId).toBe(demo.id)
    expect(await filesText()).not.toContain('d'.repeat(64))
    await expect(
      service.update({ id: demo.id, baseUrl: 'https://elsewhere.example' })
    ).rejects.toMatchObject({ kind: 'invalid-input' })
  })

  it('restarts the demo when the app starts with it active', async () => {
    await service.startDemo()
    const restarted = createConnectionService({
      settings: createSettingsStore({ dataDir, log: quiet }),
      keychain,
      session: createMemorySecretStore(),
      marketplace: market.port,
      demo: { ensure: async () => ({ baseUrl: 'http://127.0.0.1:5999', apiKey: SELLER_KEY }) },
      log: quiet
    })
    const { client } = await restarted.activeClient()
    expect((await client.getAccount()).username).toBe('seller')
    expect((await restarted.list()).connections[0]?.baseUrl).toBe('http://127.0.0.1:5999')
  })

  it('keeps the key out of error messages even if a lower layer leaks it', async () => {
    const leaky = createConnectionService({
      settings: createSettingsStore({ dataDir, log: quiet }),
      keychain,
      session: createMemorySecretStore(),
      marketplace: {
        normaliseBaseUrl: market.port.normaliseBaseUrl,
        createClient: ({ apiKey }) => ({
          ...market.port.createClient({ baseUrl: 'x', apiKey }),
          getAccount: async () => {
            throw Object.assign(new Error(`GET /api/account/details?api_key=${apiKey} failed`), {
              kind: 'offline'
            })
          }
        })
      },
      log: quiet
    })
    const failure = await leaky
      .test({ baseUrl: 'https://m.example', apiKey: SELLER_KEY })
      .catch((e: unknown) => e)
    expect(failure).toMatchObject({ kind: 'offline' })
    expect(String((failure as Error).message)).not.toContain(SELLER_KEY)
    expect(String((failure as Error).stack)).not.toContain(SELLER_KEY)
  })
})
