import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../../electron/demo'
import {
  createMarketplaceClient,
  type MarketplaceClientOptions
} from '../../../electron/main/marketplace/client'
import { createPacer } from '../../../electron/main/marketplace/pacer'
import { pacedMediaFetcher } from '../../../electron/main/media/paced-fetch'
import { failure, startFixture, type Fixture } from '../../support/marketplace-fixture'

describe.each(['spec', 'real'] as const)('against the demo marketplace in %s mode', (mode) => {
  let demo: DemoServer
  let other: Fixture
  let keys: string[]

  beforeAll(async () => {
    // A generous limit: pacing has its own test below; here each test gets a fresh pacer.
    demo = await startDemoServer({ mode, rateLimit: { limit: 10_000, windowMs: 60_000 } })
    other = await startFixture((_req, res) => res.end('{}'))
    keys = [demo.apiKey, demo.buyerKey]
  })
  afterAll(async () => {
    await demo.close()
    await other.close()
  })

  const client = (extra: Partial<MarketplaceClientOptions> = {}) =>
    createMarketplaceClient({
      baseUrl: demo.baseUrl,
      apiKey: demo.apiKey,
      pacer: createPacer(),
      ...extra
    })

  it('reads the account, the whole catalogue and one item', async () => {
    demo.faults.clear()
    const c = client()
    const account = await c.getAccount()
    expect(account.username).toBe(demo.data.seller.username)
    const list = await c.listItemsReport()
    expect(await c.listItems()).toEqual(list.items)
    expect(list.notFound).toBe(false)
    expect(list.skipped).toEqual([])
    expect(list.items.map((i) => i.id).sort()).toEqual(demo.data.items.map((i) => i.id).sort())
    expect(new Set(list.items.map((i) => i.kind))).toEqual(new Set(['image', 'video', 'audio']))
    const first = list.items[0]!
    expect(await c.getItem(first.id)).toEqual(first)
    expect((await failure(c.getItem(987_654), keys)).kind).toBe('not-found')
  })

  it('validates valid, expired, unsupported and invalid codes', async () => {
    const c = client()
    const { valid, expired, noSupport, invalid } = demo.sampleCodes
    const ok = await c.validatePurchase(`  "${valid.toUpperCase()}" `)
    expect(ok).toMatchObject({ valid: true, purchase: { purchase_code: valid } })
    const old = await c.validatePurchase(expired)
    expect(
      old.valid &&
        old.purchase.supported_until !== null &&
        Date.parse(old.purchase.supported_until) < Date.now()
    ).toBe(true)
    const none = await c.validatePurchase(noSupport)
    expect(none).toMatchObject({ valid: true, purchase: { supported_until: null } })
    const bad = await c.validatePurchase(invalid)
    expect(bad.valid).toBe(false)
    expect(bad.valid === false && bad.message).toMatch(/invalid purchase code/i)
  })

  it("a buyer's key reads its account but sees nothing else; a wrong key is unauthorized", async () => {
    const buyer = client({ apiKey: demo.buyerKey })
    expect((await buyer.getAccount()).username).toBe(demo.data.buyer.username)
    expect(await buyer.listItemsReport()).toEqual({ items: [], skipped: [], notFound: true })
    expect(await buyer.listItems()).toEqual([])
    expect((await failure(buyer.getItem(demo.data.items[0]!.id), keys)).kind).toBe('not-found')
    expect((await buyer.validatePurchase(demo.sampleCodes.valid)).valid).toBe(false)

    const wrong = client({ apiKey: 'a'.repeat(64) })
    const e = await failure(wrong.getAccount(), [...keys, 'a'.repeat(64)])
    expect(e.kind).toBe('unauthorized')
    expect(await wrong.listItemsReport()).toMatchObject({ items: [], notFound: true })
  })

  it('the API switched off, an HTML page and a redirect home are told apart', async () => {
    const c = client({ retry: { attempts: 0 } })
    demo.faults.inject({ type: 'api-off' }, { times: 1 })
    expect((await failure(c.getAccount(), keys)).kind).toBe('api-unavailable')
    demo.faults.inject({ type: 'html' }, { times: 1 })
    expect((await failure(c.listItems(), keys)).message).toMatch(/web page/)
    demo.faults.inject({ type: 'redirect', location: `${demo.baseUrl}/` }, { times: 1 })
    expect((await failure(c.validatePurchase(demo.sampleCodes.valid), keys)).kind).toBe('blocked')
  })

  it('a redirect to another server is not followed and that server never sees the key', async () => {
    demo.faults.inject(
      { type: 'redirect', location: `${other.url}/api/account/details`, status: 301 },
      { times: 2 }
    )
    const c = client()
    expect((await failure(c.getAccount(), keys)).kind).toBe('api-unavailable')
    expect((await failure(c.validatePurchase('x'), keys)).kind).toBe('api-unavailable')
    expect(other.requests).toHaveLength(0)
  })

  it('500 is server, 503 with Retry-After is retried, 429 is retried', async () => {
    const c = client()
    demo.faults.inject({ type: 'status', status: 500, body: 'json' }, { times: 1 })
    expect((await failure(c.getItem(demo.data.items[0]!.id), keys)).kind).toBe('server')
    demo.faults.inject({ type: 'status', status: 503, retryAfter: 1 }, { times: 1 })
    expect((await c.getAccount()).username).toBe(demo.data.seller.username)
    demo.faults.inject({ type: 'status', status: 429, body: 'json', retryAfter: 1 }, { times: 1 })
    expect((await c.validatePurchase(demo.sampleCodes.valid)).valid).toBe(true)
    demo.faults.inject({ type: 'status', status: 503 }, { times: 1 })
    expect((await failure(c.getAccount(), keys)).kind).toBe('server')
  })

  it('a truncated body is bad-response, a hang is a timeout, a cancel is aborted', async () => {
    const c = client({ timeoutMs: 400 })
    demo.faults.inject({ type: 'truncate' }, { times: 1 })
    expect((await failure(c.listItems(), keys)).kind).toBe('bad-response')
    demo.faults.inject({ type: 'hang' }, { times: 1 })
    expect((await failure(c.getAccount(), keys)).kind).toBe('timeout')
    demo.faults.inject({ type: 'latency', ms: 2_000 }, { times: 1 })
    expect((await failure(c.getAccount({ signal: AbortSignal.timeout(100) }), keys)).kind).toBe(
      'aborted'
    )
  })

  it('a 400 is invalid-input with the server text; a final 429 is rate-limited with its wait', async () => {
    const c = client({ retry: { attempts: 0 } })
    demo.faults.inject({ type: 'status', status: 400, body: 'json' }, { times: 1 })
    expect((await failure(c.getItem(demo.data.items[0]!.id), keys)).kind).toBe('invalid-input')
    demo.faults.inject({ type: 'status', status: 429, body: 'json', retryAfter: 30 }, { times: 1 })
    const e = await failure(c.getAccount(), keys)
    expect(e).toMatchObject({ kind: 'rate-limited', retryAfterMs: 30_000 })
    expect(e.message).toContain('30 seconds')
    // Refused before anything is sent, so the demo sees no request at all.
    const before = demo.requests.length
    const insecure = new URL(demo.baseUrl)
    insecure.hostname = 'shop.example'
    expect(() =>
      createMarketplaceClient({ baseUrl: insecure.toString(), apiKey: demo.apiKey })
    ).toThrow(expect.objectContaining({ kind: 'insecure-url' }))
    expect(demo.requests.length).toBe(before)
  })

  it('fetches item media without the key', async () => {
    const c = client()
    const item = (await c.listItems()).find((i) => i.media.thumbnail !== null)!
    const before = demo.requests.length
    // The app's one media path, for a marketplace on loopback (as the demo is).
    const fetcher = pacedMediaFetcher({
      sites: async () => [demo.baseUrl],
      localOwners: async () => true
    })
    const r = await fetcher(item.media.thumbnail!, {})
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toMatch(/^image\//)
    expect((await new Response(r.body).arrayBuffer()).byteLength).toBeGreaterThan(0)
    const sent = demo.requests.slice(before)
    expect(sent.length).toBeGreaterThan(0)
    for (const req of sent) expect(JSON.stringify(req)).not.toContain(demo.apiKey)
  })
})

describe('real-mode quirks', () => {
  it('a browser agent is blocked; an empty or single catalogue is an empty list', async () => {
    const demo = await startDemoServer({ mode: 'real', catalogue: 'single' })
    try {
      const c = createMarketplaceClient({
        baseUrl: demo.baseUrl,
        apiKey: demo.apiKey,
        pacer: createPacer()
      })
      expect(await c.listItemsReport()).toEqual({ items: [], skipped: [], notFound: true })
      const browser = createMarketplaceClient({
        baseUrl: demo.baseUrl,
        apiKey: demo.apiKey,
        pacer: createPacer(),
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0'
      })
      expect((await failure(browser.getAccount(), [demo.apiKey])).kind).toBe('blocked')
    } finally {
      await demo.close()
    }
  })

  it('an item without a sub-category makes the list a server error naming the fix; translated texts pass through', async () => {
    const demo = await startDemoServer({ mode: 'real', missingSubCategory: true, locale: 'es' })
    try {
      const c = createMarketplaceClient({
        baseUrl: `${demo.baseUrl}/index.php/`,
        apiKey: demo.apiKey,
        pacer: createPacer()
      })
      const e = await failure(c.listItems(), [demo.apiKey])
      expect(e.kind).toBe('server')
      expect(e.message).toMatch(/sub-category/)
      const bad = await c.validatePurchase(demo.sampleCodes.invalid)
      expect(bad.valid).toBe(false)
      expect(bad.valid === false && bad.message).not.toMatch(/^Invalid purchase code$/)
      expect((await c.getAccount()).username).toBe(demo.data.seller.username)
    } finally {
      await demo.close()
    }
  })

  it('paces 30 concurrent validations under a 10-per-2-seconds limit without a single 429', async () => {
    const demo = await startDemoServer({ mode: 'real', rateLimit: { limit: 10, windowMs: 2_000 } })
    try {
      const statuses: number[] = []
      const accountReads: number[] = []
      const pacer = createPacer({ windowMs: 2_000 })
      const make = () =>
        createMarketplaceClient({
          baseUrl: demo.baseUrl,
          apiKey: demo.apiKey,
          pacer,
          retry: { attempts: 0 },
          fetch: async (input, init) => {
            const r = await fetch(input, init)
            statuses.push(r.status)
            if (String(input).includes('/api/account/details')) accountReads.push(r.status)
            return r
          }
        })
      // Two clients of one marketplace sharing its pacer, as the app's services do.
      const [a, b] = [make(), make()]
      const codes = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? demo.sampleCodes.invalid : demo.sampleCodes.valid
      )
      const results = await Promise.all(
        codes.map((code, i) => (i % 2 ? a : b).validatePurchase(code, { priority: 'bulk' }))
      )
      expect(results.filter((r) => r.valid)).toHaveLength(20)
      // 30 validations, plus at most one account read per client to trust "not valid".
      expect(statuses.length - accountReads.length).toBe(30)
      expect(accountReads.length).toBeLessThanOrEqual(2)
      expect(statuses.filter((s) => s === 429)).toEqual([])
      expect(pacer.state()).toMatchObject({ queued: 0, inFlight: 0, limit: 10 })
    } finally {
      await demo.close()
    }
  })
})

describe('a marketplace that went away', () => {
  it('is offline', async () => {
    const demo = await startDemoServer({ mode: 'spec' })
    const baseUrl = demo.baseUrl
    await demo.close()
    const c = createMarketplaceClient({ baseUrl, apiKey: demo.apiKey, pacer: createPacer() })
    const e = await failure(c.getAccount(), [demo.apiKey])
    expect(e.kind).toBe('offline')
    expect(e.message).toContain(new URL(baseUrl).host)
  })
})
