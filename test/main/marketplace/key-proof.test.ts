import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startDemoServer, type DemoServer } from '../../../electron/demo'
import {
  createMarketplaceClient,
  type MarketplaceClientOptions
} from '../../../electron/main/marketplace/client'
import { createPacer } from '../../../electron/main/marketplace/pacer'
import { KEY_PROOF_MS } from '../../../electron/main/marketplace/key-proof'
import { MarketplaceError } from '../../../electron/main/marketplace/errors'
import {
  ACCOUNT,
  failure,
  json,
  KEY,
  PURCHASE,
  startFixture,
  type Fixture
} from '../../support/marketplace-fixture'

/**
 * Real installs answer a bad key on purchase validation exactly like a bad code (404
 * "Invalid purchase code", real-installs §12, 17): "not valid" is only believed
 * once the key is known to work.
 */

describe.each(['spec', 'real'] as const)('the demo marketplace in %s mode', (mode) => {
  let demo: DemoServer
  beforeAll(async () => {
    demo = await startDemoServer({ mode, rateLimit: { limit: 10_000, windowMs: 60_000 } })
  })
  afterAll(async () => {
    await demo.close()
  })

  const client = (extra: Partial<MarketplaceClientOptions> = {}) =>
    createMarketplaceClient({
      baseUrl: demo.baseUrl,
      apiKey: demo.apiKey,
      pacer: createPacer(),
      ...extra
    })

  it('a made-up key is unauthorized on validation, valid code or not, never "not valid"', async () => {
    const madeUp = 'made-up-key-0123456789abcdefABCDEF'
    const wrong = client({ apiKey: madeUp })
    for (const code of [demo.sampleCodes.valid, demo.sampleCodes.invalid]) {
      const e = await failure(wrong.validatePurchase(code), [demo.apiKey, madeUp])
      expect(e.kind).toBe('unauthorized')
      expect(e.message).toMatch(/^Not checked: the marketplace refused the API key/)
      expect(e.message).toMatch(/Settings/)
    }
  })

  it('the right key with an invalid code is still "not valid", the message as sent', async () => {
    const c = client()
    const bad = await c.validatePurchase(demo.sampleCodes.invalid)
    expect(bad.valid).toBe(false)
    expect(bad.valid === false && bad.message).toMatch(/invalid purchase code/i)
  })
})

describe('the demo marketplace in real mode, seller banned (real-installs §14)', () => {
  let demo: DemoServer
  beforeAll(async () => {
    demo = await startDemoServer({ mode: 'real', rateLimit: { limit: 10_000, windowMs: 60_000 } })
  })
  afterAll(async () => {
    await demo.close()
  })

  /** A fresh client (no proof of the key yet) while the demo's seller is banned. */
  async function whileBanned(
    run: (c: ReturnType<typeof createMarketplaceClient>) => Promise<void>
  ): Promise<void> {
    demo.faults.inject({ type: 'banned' })
    try {
      await run(
        createMarketplaceClient({
          baseUrl: demo.baseUrl,
          apiKey: demo.apiKey,
          pacer: createPacer()
        })
      )
    } finally {
      demo.faults.clear()
    }
  }

  it('a valid verdict proves the key, so a later invalid code is "not valid"', () =>
    whileBanned(async (c) => {
      expect((await failure(c.getAccount(), [demo.apiKey])).kind).toBe('unauthorized')
      expect((await c.validatePurchase(demo.sampleCodes.valid)).valid).toBe(true)
      expect(await c.validatePurchase(demo.sampleCodes.invalid)).toMatchObject({ valid: false })
    }))

  it('with no verdict yet, the catalogue proves the key: an invalid code is "not valid"', () =>
    whileBanned(async (c) => {
      const before = demo.requests.length
      expect(await c.validatePurchase(demo.sampleCodes.invalid)).toMatchObject({ valid: false })
      const paths = demo.requests.slice(before).map((r) => r.path)
      expect(paths.filter((p) => p.endsWith('/account/details'))).toHaveLength(1)
      expect(paths.filter((p) => p.endsWith('/items/all'))).toHaveLength(1)
      // A proof counts only for answers sent before it: the next invalid code is checked
      // again, the same way.
      const again = demo.requests.length
      expect(await c.validatePurchase(demo.sampleCodes.invalid)).toMatchObject({ valid: false })
      expect(demo.requests.slice(again).map((r) => r.path.split('/api/')[1])).toEqual([
        'purchases/validation',
        'account/details',
        'items/all'
      ])
    }))

  it('logs a debug-mode 500 (scrubbed of the key) and never shows its details', async () => {
    const logged: string[] = []
    const c = createMarketplaceClient({
      baseUrl: demo.baseUrl,
      apiKey: demo.apiKey,
      pacer: createPacer(),
      retry: { attempts: 0 },
      log: { warn: (m) => logged.push(m) }
    })
    demo.faults.inject({ type: 'debug-error' }, { times: 1 })
    const e = await failure(c.validatePurchase(demo.sampleCodes.valid), [demo.apiKey])
    expect(e.kind).toBe('server')
    expect(e.message).not.toMatch(/SQLSTATE|QueryException|var\/www/)
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/HTTP 500/)
    expect(logged[0]).toMatch(/QueryException/)
    expect(logged[0]).toMatch(/Connection\.php/)
    expect(logged[0]).not.toContain(demo.apiKey.slice(0, 8))
  })
})

describe('confirming the key', () => {
  const fixtures: Fixture[] = []
  afterEach(async () => {
    await Promise.all(fixtures.splice(0).map((f) => f.close()))
  })

  /** A marketplace where `good` is a valid code and the account read answers `account`. */
  async function market(account: () => 'ok' | 401 | 500): Promise<Fixture> {
    const f = await startFixture((req, res) => {
      if (req.url.pathname.endsWith('account/details')) {
        const a = account()
        if (a === 'ok') return json(res, 200, { status: 'success', data: ACCOUNT })
        if (a === 401) return json(res, 401, { status: 'error', msg: 'Invalid request' })
        return json(res, 500, { message: 'Server Error' })
      }
      // A refused key sees no catalogue (real-installs §12, 15).
      if (req.url.pathname.endsWith('items/all'))
        return json(res, 404, { status: 'error', msg: 'No Items Found' })
      const code = new URLSearchParams(req.body).get('purchase_code')
      if (code === 'good') return json(res, 200, { status: 'success', item: PURCHASE })
      return json(res, 404, { status: 'error', msg: 'Invalid purchase code' })
    })
    fixtures.push(f)
    return f
  }

  const accountReads = (f: Fixture): number =>
    f.requests.filter((r) => r.url.pathname.endsWith('account/details')).length

  function clientOf(f: Fixture, clock: { t: number }) {
    return createMarketplaceClient({
      baseUrl: f.url,
      apiKey: KEY,
      pacer: createPacer(),
      retry: { attempts: 0 },
      now: () => clock.t
    })
  }

  it('a refused key is unauthorized, asked once per window however many codes wait', async () => {
    const f = await market(() => 401)
    const clock = { t: 1_000_000 }
    const c = clientOf(f, clock)
    const all = await Promise.allSettled(
      ['a', 'b', 'c', 'd', 'e'].map((x) => c.validatePurchase(x))
    )
    for (const r of all) {
      expect(r.status).toBe('rejected')
      const e = (r as PromiseRejectedResult).reason as MarketplaceError
      expect(e.kind).toBe('unauthorized')
      expect(JSON.stringify(e)).not.toContain(KEY)
    }
    expect(accountReads(f)).toBe(1)
    await expect(c.validatePurchase('f')).rejects.toMatchObject({ kind: 'unauthorized' })
    expect(accountReads(f)).toBe(1)
    clock.t += KEY_PROOF_MS
    await expect(c.validatePurchase('g')).rejects.toMatchObject({ kind: 'unauthorized' })
    expect(accountReads(f)).toBe(2)
  })

  it('a key revoked after a proof: a code checked since is "not checked", never "not valid"', async () => {
    let account: 'ok' | 401 = 'ok'
    const f = await market(() => account)
    const clock = { t: 5_000_000 }
    const c = clientOf(f, clock)
    await c.getAccount()
    expect((await c.validatePurchase('good')).valid).toBe(true)
    // The seller regenerates the key on the site: a minute later, nothing is trusted.
    account = 401
    clock.t += 60_000
    const e = await failure(c.validatePurchase('never-checked'))
    expect(e.kind).toBe('unauthorized')
    expect(e.message).toMatch(/^Not checked: the marketplace refused the API key/)
    expect(e.message).toMatch(/Replace API key/)
    expect(accountReads(f)).toBe(2)
    // The refusal is believed for its window: the next code costs no second check.
    await expect(c.validatePurchase('other')).rejects.toMatchObject({ kind: 'unauthorized' })
    expect(accountReads(f)).toBe(2)
  })

  it('a "not valid" is believed only with a proof sent after its own request', async () => {
    const f = await market(() => 'ok')
    const c = clientOf(f, { t: 0 })
    await c.getAccount()
    expect(await c.validatePurchase('x')).toMatchObject({ valid: false })
    expect((await c.validatePurchase('good')).valid).toBe(true)
    expect(await c.validatePurchase('y')).toMatchObject({ valid: false })
    // Each "not valid" asked for its own proof; the valid verdict needed none.
    expect(accountReads(f)).toBe(3)
  })

  it('a refusal seen on the account ends the trust a later answer gave', async () => {
    let account: 'ok' | 401 = 'ok'
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => (release = r))
    const f = await startFixture(async (req, res) => {
      if (req.url.pathname.endsWith('account/details')) {
        if (account === 'ok') return json(res, 200, { status: 'success', data: ACCOUNT })
        return json(res, 401, { status: 'error', msg: 'Invalid request' })
      }
      if (req.url.pathname.endsWith('items/all'))
        return json(res, 404, { status: 'error', msg: 'No Items Found' })
      const code = new URLSearchParams(req.body).get('purchase_code')
      if (code === 'good') return json(res, 200, { status: 'success', item: PURCHASE })
      // The slow answer: sent first, answered after the key was refused.
      if (code === 'slow') await held
      return json(res, 404, { status: 'error', msg: 'Invalid purchase code' })
    })
    fixtures.push(f)
    const c = clientOf(f, { t: 0 })
    // The pacer sends one request at a time until a first answer tells the rate limit.
    await c.getAccount()
    const slow = c.validatePurchase('slow')
    await vi.waitFor(() => expect(f.requests).toHaveLength(2))
    // Sent after "slow": this valid verdict alone would have proved the key for it.
    expect((await c.validatePurchase('good')).valid).toBe(true)
    account = 401
    await expect(c.getAccount()).rejects.toMatchObject({ kind: 'unauthorized' })
    release()
    await expect(slow).rejects.toMatchObject({ kind: 'unauthorized' })
  })

  it('a bulk run of invalid codes with a working key costs one check for the whole run', async () => {
    const f = await market(() => 'ok')
    const c = clientOf(f, { t: 0 })
    const codes = Array.from({ length: 12 }, (_, i) => `bad-${i}`)
    const verdicts = await Promise.all(
      codes.map((x) => c.validatePurchase(x, { priority: 'bulk' }))
    )
    for (const v of verdicts) expect(v).toMatchObject({ valid: false })
    expect(accountReads(f)).toBe(1)
  })

  it('a key that turns out fine lets the waiting codes be "not valid"; one cancel spares the others', async () => {
    const f = await market(() => 'ok')
    const c = clientOf(f, { t: 0 })
    const cancel = new AbortController()
    const mine = c.validatePurchase('a', { signal: cancel.signal })
    const others = Promise.all(['b', 'c'].map((x) => c.validatePurchase(x)))
    cancel.abort()
    await expect(mine).rejects.toMatchObject({ kind: 'aborted' })
    expect(await others).toEqual([
      { valid: false, message: 'Invalid purchase code' },
      { valid: false, message: 'Invalid purchase code' }
    ])
    expect(accountReads(f)).toBeLessThanOrEqual(1)
  })

  it('when the key cannot be confirmed (a server error), the check fails rather than guess', async () => {
    let account: 'ok' | 500 = 500
    const f = await market(() => account)
    const c = clientOf(f, { t: 0 })
    await expect(c.validatePurchase('x')).rejects.toMatchObject({ kind: 'server' })
    // Not remembered: the next check asks again.
    account = 'ok'
    expect(await c.validatePurchase('x')).toMatchObject({ valid: false })
    expect(accountReads(f)).toBe(2)
  })
})
