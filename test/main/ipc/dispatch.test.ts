import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { methods } from '../../../shared/ipc/contract'
import { createApp, type SellerDeskApp } from '../../../electron/main/app'
import { dispatch, type Handlers } from '../../../electron/main/ipc/dispatch'
import {
  FOREGROUND_QUIET_MS,
  foregroundQuiet,
  lastForegroundRequest
} from '../../../electron/main/util/time-slices'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'
import { fakeMarket } from '../../support/fake-market'

let dataDir: string
let app: SellerDeskApp
const opened: string[] = []
const errors: string[] = []
const warnings: string[] = []
const log = {
  warn: (m: string) => void warnings.push(m),
  error: (m: string) => void errors.push(m)
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-dispatch-'))
  const market = fakeMarket()
  market.keys.set('a'.repeat(64), { username: 'seller', items: [1, 2] })
  app = await createApp({
    dataDir,
    transport: 'browser',
    appInfo: { name: 'Seller Desk', version: '0.1.0', platform: 'linux' },
    secretStore: createMemorySecretStore(),
    marketplace: market.port,
    startDemo: async () => {
      throw new Error('no demo in this test')
    },
    openExternal: async (url) => void opened.push(url),
    log
  })
})

afterAll(async () => {
  await app.close()
  await rm(dataDir, { recursive: true, force: true })
})

const call = (method: string, request?: unknown) => dispatch(app.handlers, method, request, log)

describe('dispatch refuses malformed requests with invalid-input', () => {
  const huge = 'x'.repeat(1_000_000)
  const cases: Array<[string, string, unknown]> = [
    ['unknown method', 'deleteEverything', undefined],
    ['inherited name', 'constructor', undefined],
    ['prototype name', '__proto__', undefined],
    ['wrong type', 'addConnection', { baseUrl: 42, apiKey: 'k' }],
    ['missing field', 'addConnection', { baseUrl: 'https://m.example' }],
    ['empty key', 'addConnection', { baseUrl: 'https://m.example', apiKey: '   ' }],
    ['huge key', 'addConnection', { baseUrl: 'https://m.example', apiKey: huge }],
    ['huge url', 'testConnection', { baseUrl: huge, apiKey: 'k' }],
    ['huge code', 'validatePurchase', { code: huge }],
    ['non-object request', 'removeConnection', 'c1'],
    ['array request', 'setActiveConnection', ['c1']],
    ['null request', 'getItem', null],
    ['negative id', 'getItem', { id: -1 }],
    ['fractional id', 'getItem', { id: 1.5 }],
    ['string id', 'getItem', { id: '1' }],
    ['unknown theme', 'setTheme', { theme: 'purple' }],
    ['negative grid inset', 'setItemsInset', { x: -1, y: 100 }],
    ['fractional grid inset', 'setItemsInset', { x: 220.5, y: 100 }],
    ['grid inset past any screen', 'setItemsInset', { x: 220, y: 1e9 }],
    ['request where none is taken', 'listConnections', { anything: true }],
    [
      'boolean as string',
      'addConnection',
      { baseUrl: 'https://m.example', apiKey: 'k', sessionOnly: 'yes' }
    ],
    ['refresh as number', 'listItems', { refresh: 1 }],
    ['url not a string', 'openExternal', { url: { toString: 'https://x' } }]
  ]
  it.each(cases)('%s', async (_what, method, request) => {
    const result = await call(method, request)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.kind).toBe('invalid-input')
      expect(result.error.message.length).toBeLessThan(300)
    }
  })

  it('ignores prototype-pollution payloads', async () => {
    const polluted = JSON.parse(
      '{"theme":"dark","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'
    )
    const result = await call('setTheme', polluted)
    expect(result).toEqual({ ok: true, data: { theme: 'dark' } })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    const bad = await call('removeConnection', JSON.parse('{"__proto__":{"id":"c1"}}'))
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
  })

  it('every method answers a Result for garbage input, never throws', async () => {
    for (const method of methods) {
      for (const garbage of [undefined, null, 0, 'x', [], {}, { id: {} }, Symbol.for('x')]) {
        const result = await call(method, garbage)
        expect(typeof result.ok).toBe('boolean')
      }
    }
    expect(errors).toEqual([])
  })
})

describe('handlers', () => {
  it('answers app info with the transport', async () => {
    expect(await call('getAppInfo')).toEqual({
      ok: true,
      data: { name: 'Seller Desk', version: '0.1.0', platform: 'linux', transport: 'browser' }
    })
  })

  it('opens only safe http(s) links', async () => {
    expect(await call('openExternal', { url: 'https://example.com/a b' })).toEqual({
      ok: true,
      data: null
    })
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pw@example.com',
      'sd-media://media/?u=x',
      'not a url'
    ]) {
      expect(await call('openExternal', { url })).toMatchObject({
        ok: false,
        error: { kind: 'invalid-input' }
      })
    }
    expect(opened).toEqual(['https://example.com/a%20b'])
  })

  it('keeps the theme in settings', async () => {
    expect(await call('setTheme', { theme: 'light' })).toEqual({
      ok: true,
      data: { theme: 'light' }
    })
    expect(await call('getSettings')).toEqual({ ok: true, data: { theme: 'light' } })
  })

  it('says no-connection before anything is set up, and reports a failed demo start cleanly', async () => {
    expect(await call('getAccount')).toMatchObject({ ok: false, error: { kind: 'no-connection' } })
    expect(await call('validatePurchase', { code: 'abc' })).toMatchObject({
      ok: false,
      error: { kind: 'no-connection' }
    })
    const demo = await call('startDemo')
    expect(demo).toMatchObject({
      ok: false,
      error: {
        kind: 'internal',
        message: expect.stringContaining('demo marketplace could not be started')
      }
    })
    expect(warnings.at(-1)).toContain('no demo in this test')
    expect(errors).toEqual([])
  })
})

describe('dispatch marks the requests the seller waits on', () => {
  it('a search or a lookup holds background work back; a settings read or a bulk poll does not', async () => {
    const before = lastForegroundRequest()
    await call('getSettings')
    await call('getBulk', { jobId: 'none' })
    expect(lastForegroundRequest()).toBe(before)
    await call('queryItems', { query: '', offset: 0, limit: 10 })
    const afterSearch = lastForegroundRequest()
    expect(afterSearch).toBeGreaterThan(before)
    await call('validatePurchase', { code: 'not a code' })
    expect(lastForegroundRequest()).toBeGreaterThan(afterSearch)
  })

  it('background work holds while a search is answered, not while the Items refresh runs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] })
    try {
      const releases: (() => void)[] = []
      // A search that takes as long as the launch's first (it reads the saved list).
      const slow: Handlers = {
        ...app.handlers,
        queryItems: () => new Promise((resolve) => releases.push(() => resolve(null as never)))
      }
      const held = async (request: object): Promise<boolean> => {
        const answer = dispatch(slow, 'queryItems', {
          ...{ query: '', category: '', kind: 'all', sort: 'newest', offset: 0, limit: 10 },
          ...request
        })
        let quiet = false
        const waiting = foregroundQuiet().then(() => (quiet = true))
        await vi.advanceTimersByTimeAsync(FOREGROUND_QUIET_MS * 3)
        const stillHeld = !quiet
        expect(releases).toHaveLength(1)
        releases.shift()!()
        await answer
        await vi.advanceTimersByTimeAsync(FOREGROUND_QUIET_MS)
        await waiting
        return stillHeld
      }
      expect(await held({})).toBe(true)
      // The refresh waits on the very background work: it holds nothing, and is not the
      // seller's (marked, its own download waited out the quiet after it).
      const before = lastForegroundRequest()
      expect(await held({ refresh: true })).toBe(false)
      expect(lastForegroundRequest()).toBe(before)
    } finally {
      vi.useRealTimers()
    }
  })
})
