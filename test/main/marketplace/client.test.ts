import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createMarketplaceClient,
  type MarketplaceClientOptions
} from '../../../electron/main/marketplace/client'
import { createPacer } from '../../../electron/main/marketplace/pacer'
import { MarketplaceError } from '../../../electron/main/marketplace/errors'
import { messages } from '../../../electron/main/marketplace/errors'
import { parseItemsResponse } from '../../../electron/main/marketplace/wire/normalise'
import {
  ACCOUNT,
  closedPort,
  failure,
  html,
  ITEM,
  json,
  KEY,
  PURCHASE,
  startFixture,
  type Fixture
} from '../../support/marketplace-fixture'

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version
const fixtures: Fixture[] = []

afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((f) => f.close()))
})

async function serve(handler: Parameters<typeof startFixture>[0]): Promise<Fixture> {
  const f = await startFixture(handler)
  fixtures.push(f)
  return f
}

function client(f: { url: string }, extra: Partial<MarketplaceClientOptions> = {}) {
  return createMarketplaceClient({ baseUrl: f.url, apiKey: KEY, pacer: createPacer(), ...extra })
}

describe('requests', () => {
  it('sends its own agent, JSON Accept, the key in the query for GET and never a cookie back', async () => {
    const f = await serve((req, res) => {
      const headers = { 'Set-Cookie': 'laravel_session=abc; Path=/; HttpOnly' }
      if (req.url.pathname === '/shop/api/account/details')
        json(res, 200, { status: 'éxito', data: ACCOUNT }, headers)
      else if (req.url.pathname === '/shop/api/items/item')
        json(res, 200, { status: null, item: ITEM }, headers)
      else json(res, 200, { status: 'success', items: [ITEM] }, headers)
    })
    const c = client({ url: `${f.url}/shop/index.php/` })
    expect(c.baseUrl).toBe(`${f.url}/shop`)
    const account = await c.getAccount()
    expect(account.username).toBe('ada')
    expect(account.balance).toBe(-12.5)
    const list = await c.listItemsReport()
    expect(list).toMatchObject({ notFound: false, skipped: [] })
    expect(list.items[0]).toMatchObject({ id: 42, tags: ['admin', 'dashboard', 'dark mode'] })
    expect((await c.getItem(42)).price).toEqual({ regular: 21.1, extended: 120 })

    expect(f.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /shop/api/account/details',
      'GET /shop/api/items/all',
      'GET /shop/api/items/item'
    ])
    for (const r of f.requests) {
      expect(r.headers['user-agent']).toBe(`SellerDesk/${VERSION}`)
      expect(r.headers['user-agent']).not.toMatch(/Mozilla|Chrome|Firefox|Opera|Edge/)
      expect(r.headers.accept).toBe('application/json')
      expect(r.headers.cookie).toBeUndefined()
      expect(r.url.searchParams.get('api_key')).toBe(KEY)
    }
    expect(f.requests[2]!.url.searchParams.get('item_id')).toBe('42')
  })

  it('posts validation as a form with the key and the cleaned code, and accepts the purchase under `item`', async () => {
    const f = await serve((_req, res) =>
      json(res, 200, { status: 'success', item: { ...PURCHASE, license_type: '1' } })
    )
    const r = await client(f).validatePurchase(`  "${PURCHASE.purchase_code.toUpperCase()}" `)
    expect(r).toMatchObject({
      valid: true,
      purchase: { purchase_code: PURCHASE.purchase_code, item: { id: 42 } }
    })
    const req = f.requests[0]!
    expect(req.method).toBe('POST')
    expect(req.url.search).toBe('')
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded')
    const form = new URLSearchParams(req.body)
    expect(form.get('api_key')).toBe(KEY)
    expect(form.get('purchase_code')).toBe(PURCHASE.purchase_code)
  })

  it('accepts the spec-shaped purchase (data.purchase) and URL-encodes odd codes', async () => {
    const f = await serve((_req, res) =>
      json(res, 200, { status: 'success', data: { purchase: PURCHASE } })
    )
    expect(await client(f).validatePurchase('a&b=c%d+é')).toMatchObject({ valid: true })
    expect(f.requests[0]!.body).toContain('purchase_code=a%26b%3Dc%25d%2B%C3%A9')
    expect(new URLSearchParams(f.requests[0]!.body).get('purchase_code')).toBe('a&b=c%d+é')
  })

  it('refuses an empty code, text with spaces, a bad item id and an empty key without calling anybody', async () => {
    const f = await serve((_req, res) => json(res, 200, {}))
    expect((await failure(client(f).validatePurchase(' "" '))).kind).toBe('invalid-input')
    // Text with a space or a line break in it is a sentence, never a code.
    expect((await failure(client(f).validatePurchase('Purchase code: abc (thanks!)'))).kind).toBe(
      'invalid-input'
    )
    expect((await failure(client(f).validatePurchase('Code:\nabc\n'))).kind).toBe('invalid-input')
    expect((await failure(client(f).getItem(0))).kind).toBe('invalid-input')
    expect((await failure(client(f).getItem(1.5))).kind).toBe('invalid-input')
    expect(() => createMarketplaceClient({ baseUrl: f.url, apiKey: '  ' })).toThrow(
      MarketplaceError
    )
    expect(() => createMarketplaceClient({ baseUrl: 'http://shop.example', apiKey: KEY })).toThrow(
      /https/
    )
    expect(f.requests).toHaveLength(0)
  })
})

describe('answers', () => {
  it('401 on account details is unauthorized with a next step', async () => {
    const f = await serve((_req, res) =>
      json(res, 401, { status: 'error', msg: 'Invalid request' })
    )
    const e = await failure(client(f).getAccount())
    expect(e.kind).toBe('unauthorized')
    expect(e.message).toMatch(/Settings → API/)
    expect(e.status).toBe(401)
  })

  it('404 with the envelope: empty list, not-found item, invalid code with the message as sent', async () => {
    const f = await serve((req, res) => {
      if (req.url.pathname.endsWith('account/details'))
        return json(res, 200, { status: 'success', data: ACCOUNT })
      const msg = req.url.pathname.endsWith('all')
        ? 'No Items Found'
        : req.url.pathname.endsWith('item')
          ? 'Item Not Found'
          : 'Código de compra no válido'
      json(res, 404, { status: 'error', msg })
    })
    const c = client(f)
    expect(await c.listItemsReport()).toEqual({ items: [], skipped: [], notFound: true })
    expect(await c.listItems()).toEqual([])
    const e = await failure(c.getItem(7))
    expect(e.kind).toBe('not-found')
    expect(e.message).toContain('7')
    expect(await c.validatePurchase('abc')).toEqual({
      valid: false,
      message: 'Código de compra no válido'
    })
    // The key was checked once before "not valid" was believed.
    expect(f.requests.filter((r) => r.url.pathname.endsWith('account/details'))).toHaveLength(1)
  })

  it('spec mode: an error envelope with HTTP 200 decides by shape', async () => {
    let keyGood = false
    const f = await serve((req, res) =>
      keyGood && req.url.pathname.endsWith('account/details')
        ? json(res, 200, { status: 'success', data: ACCOUNT })
        : json(res, 200, {
            status: 'error',
            msg: req.url.pathname.endsWith('validation') ? 'Invalid purchase code' : 'nope'
          })
    )
    const c = client(f)
    expect((await failure(c.getAccount())).kind).toBe('unauthorized')
    expect(await c.listItemsReport()).toMatchObject({ items: [], notFound: true })
    expect((await failure(c.getItem(3))).kind).toBe('not-found')
    // The key was just refused: "invalid code" says nothing about the code.
    expect((await failure(c.validatePurchase('x'))).kind).toBe('unauthorized')
    keyGood = true
    expect(await client(f).validatePurchase('x')).toEqual({
      valid: false,
      message: 'Invalid purchase code'
    })
  })

  it('a 404 without the envelope (API switched off) is api-unavailable, HTML or JSON', async () => {
    let htmlMode = true
    const f = await serve((_req, res) =>
      htmlMode ? html(res, 404) : json(res, 404, { message: '' })
    )
    const c = client(f)
    expect((await failure(c.listItems())).kind).toBe('api-unavailable')
    htmlMode = false
    const e = await failure(c.validatePurchase('abc'))
    expect(e.kind).toBe('api-unavailable')
    expect(e.message).toMatch(/switched on/)
  })

  it('an HTML page with 200 is api-unavailable with the web-page sentence', async () => {
    const f = await serve((_req, res) => html(res, 200))
    const e = await failure(client(f).getAccount())
    expect(e.kind).toBe('api-unavailable')
    expect(e.message).toBe(
      "This address answers with a web page, not the Seller API: check the URL, and that the API is switched on in the marketplace's admin."
    )
  })

  it('400 is invalid-input with the server message, scrubbed of the key', async () => {
    const f = await serve((_req, res) =>
      json(res, 400, { status: 'error', msg: `The item id field must be an integer. (${KEY})` })
    )
    const e = await failure(client(f).getItem(5))
    expect(e.kind).toBe('invalid-input')
    expect(e.message).toContain('The item id field must be an integer.')
  })

  it('500 is server; for the list it names the missing sub-category, and never shows debug details', async () => {
    const f = await serve((_req, res) =>
      json(res, 500, {
        message: 'Attempt to read property "name" on null',
        exception: 'ErrorException',
        file: '/var/www/app/Http/Controllers/Api.php',
        trace: []
      })
    )
    const e = await failure(client(f).listItems())
    expect(e.kind).toBe('server')
    expect(e.message).toMatch(/sub-category/)
    expect(e.message).not.toMatch(/Attempt to read|ErrorException|\/var\/www/)
    expect((await failure(client(f).getAccount())).message).not.toMatch(/sub-category|Attempt/)
  })

  it('malformed JSON and wrong shapes are bad-response naming the field', async () => {
    let body = '{"status":"success","items":[{'
    const f = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(body)
    })
    expect((await failure(client(f).listItems())).kind).toBe('bad-response')
    body = JSON.stringify({ status: 'success', data: { ...ACCOUNT, username: { nested: true } } })
    const e = await failure(client(f).getAccount())
    expect(e.kind).toBe('bad-response')
    expect(e.message).toContain('data.username')
    body = JSON.stringify({ status: 'success', data: 'nope' })
    expect((await failure(client(f).getAccount())).message).toContain('data')
    body = 'OK'
    expect((await failure(client(f).getAccount())).kind).toBe('bad-response')
  })

  it('the item list read item by item answers as the list decoded whole', async () => {
    const hostile = {
      ...ITEM,
      name: '</script>"]}{\\ é😀 \u2028',
      tags: ['"', '\\', '\ud83d\ude00']
    }
    const text = JSON.stringify({ status: 'success', items: [hostile, { ...ITEM, id: 'x' }, ITEM] })
    const f = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(text)
    })
    const expected = parseItemsResponse(JSON.parse(text))
    if (!expected.ok) throw new Error('the fixture is a good list')
    const r = await client(f).listItemsReport()
    expect(r).toEqual({ items: expected.value, skipped: expected.skipped, notFound: false })
    expect(r.items[0]?.name).toBe(hostile.name)
  })

  it('an item list with an item that is not JSON, or cut short, is the same bad-response', async () => {
    let body = ''
    const f = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(body)
    })
    const good = JSON.stringify(ITEM)
    for (body of [
      `{"status":"success","items":[${good},{id:2}]}`,
      `{"status":"success","items":[${good},{"id":2}}]}`,
      `{"status":"success","items":[${good}]`,
      `{"status":"success","items":[${good}]}<!-- cached -->`
    ]) {
      const e = await failure(client(f).listItemsReport())
      expect(e.kind, body).toBe('bad-response')
      expect(e.message).toBe(messages.notJson())
    }
    body = '<!DOCTYPE html><html><body>{"items":[]}</body></html>'
    expect((await failure(client(f).listItemsReport())).kind).toBe('api-unavailable')
    body = JSON.stringify({ status: 'success', items: [{ ...ITEM, id: 'x' }] })
    const none = await failure(client(f).listItemsReport())
    expect(none.kind).toBe('bad-response')
    expect(none.message).toContain('items[0].id')
  })

  it('keeps good items and reports the broken ones in `skipped`', async () => {
    const f = await serve((_req, res) =>
      json(res, 200, { status: 'success', items: [ITEM, { ...ITEM, id: 'x' }] })
    )
    const r = await client(f).listItemsReport()
    expect(r.items).toHaveLength(1)
    expect(r.skipped).toEqual([expect.objectContaining({ index: 1, field: 'items[1].id' })])
  })

  it('listItems is the plain Item[]: skipped items are logged without the key', async () => {
    // The server echoes the key into a broken item's id: the log must not repeat it.
    const f = await serve((_req, res) =>
      json(res, 200, {
        status: 'success',
        items: [ITEM, { ...ITEM, id: KEY }, { ...ITEM, id: null }]
      })
    )
    const warnings: string[] = []
    const items = await client(f, { log: { warn: (m) => warnings.push(m) } }).listItems()
    expect(Array.isArray(items)).toBe(true)
    expect(items.map((i) => i.id)).toEqual([ITEM.id])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/left out 2 malformed items/)
    expect(warnings[0]).toContain('items[1].id')
    expect(warnings[0]).not.toContain(KEY.slice(0, 8))
  })
})

describe('redirects', () => {
  it('a 302 to the home page is blocked (the agent was refused)', async () => {
    const f = await serve((_req, res) => {
      res.writeHead(302, { Location: 'http://127.0.0.1/' })
      res.end()
    })
    const e = await failure(client(f).getAccount())
    expect(e.kind).toBe('blocked')
    expect(f.requests).toHaveLength(1)
  })

  it('never follows a redirect to another server, which never sees the key', async () => {
    const other = await serve((_req, res) => json(res, 200, { status: 'success', data: ACCOUNT }))
    const f = await serve((req, res) => {
      res.writeHead(301, { Location: `${other.url}/elsewhere${req.url.pathname}${req.url.search}` })
      res.end()
    })
    const c = client(f)
    const e = await failure(c.getAccount())
    expect(e.kind).toBe('api-unavailable')
    expect(e.message).not.toContain(other.url)
    expect((await failure(c.validatePurchase('abc'))).kind).toBe('api-unavailable')
    expect(other.requests).toHaveLength(0)
  })
})

describe('rate limits and overload', () => {
  it('429 with Retry-After: waits, retries and succeeds', async () => {
    let n = 0
    const f = await serve((_req, res) =>
      n++ === 0
        ? json(
            res,
            429,
            { message: 'Too Many Attempts.' },
            { 'Retry-After': '1', 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0' }
          )
        : json(
            res,
            200,
            { status: 'success', data: ACCOUNT },
            { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '58' }
          )
    )
    const started = Date.now()
    expect((await client(f).getAccount()).username).toBe('ada')
    expect(f.requests).toHaveLength(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
  })

  it('429 beyond the retries is rate-limited with retryAfterMs from Retry-After or X-RateLimit-Reset', async () => {
    let reset = false
    const f = await serve((_req, res) =>
      json(
        res,
        429,
        { message: 'Too Many Attempts.' },
        reset
          ? { 'X-RateLimit-Reset': String(Math.floor(Date.now() / 1000) + 30) }
          : { 'Retry-After': '42' }
      )
    )
    const c = client(f, { retry: { attempts: 0 } })
    const e = await failure(c.getAccount())
    expect(e.kind).toBe('rate-limited')
    expect(e.retryAfterMs).toBe(42_000)
    expect(e.message).toContain('42 seconds')
    reset = true
    const e2 = await failure(client(f, { retry: { attempts: 0 } }).getAccount())
    expect(e2.retryAfterMs).toBeGreaterThan(28_000)
    expect(e2.retryAfterMs).toBeLessThanOrEqual(30_000)
  })

  it('does not wait for a Retry-After longer than it may', async () => {
    const f = await serve((_req, res) => json(res, 429, {}, { 'Retry-After': '3600' }))
    const e = await failure(client(f).getAccount())
    expect(e).toMatchObject({ kind: 'rate-limited', retryAfterMs: 3_600_000 })
    expect(f.requests).toHaveLength(1)
  })

  it('503 with Retry-After is retried; 502 without it fails at once as server', async () => {
    let n = 0
    let accountUp = true
    const f = await serve((req, res) => {
      if (req.url.pathname.endsWith('validation')) {
        if (n++ === 0) html(res, 503, { 'Retry-After': '1' })
        else json(res, 404, { status: 'error', msg: 'Invalid purchase code' })
      } else if (accountUp) json(res, 200, { status: 'success', data: ACCOUNT })
      else html(res, 502)
    })
    const c = client(f)
    expect(await c.validatePurchase('abc')).toEqual({
      valid: false,
      message: 'Invalid purchase code'
    })
    // 503, then the answer, then the account read that confirms the key.
    expect(f.requests).toHaveLength(3)
    accountUp = false
    const e = await failure(c.getAccount())
    expect(e).toMatchObject({ kind: 'server', status: 502, retryAfterMs: undefined })
    expect(f.requests).toHaveLength(4)
  })
})

describe('transport failures', () => {
  it('a server that never answers is a timeout', async () => {
    const f = await serve(() => undefined)
    const e = await failure(client(f, { timeoutMs: 300 }).getAccount())
    expect(e.kind).toBe('timeout')
    expect(e.message).toContain('127.0.0.1')
  })

  it("the caller's signal is aborted, while waiting for the answer or for a slot", async () => {
    const f = await serve(() => undefined)
    const c = client(f)
    const controller = new AbortController()
    const p = c.getAccount({ signal: controller.signal })
    setTimeout(() => controller.abort(), 100)
    expect((await failure(p)).kind).toBe('aborted')
    expect((await failure(c.getAccount({ signal: AbortSignal.abort() }))).kind).toBe('aborted')
  })

  it('a refused connection is offline and names the host', async () => {
    const port = await closedPort()
    const e = await failure(client({ url: `http://127.0.0.1:${port}` }).getAccount())
    expect(e.kind).toBe('offline')
    expect(e.message).toBe(
      `Can't reach 127.0.0.1:${port}: check your connection and the marketplace URL.`
    )
    expect(e.code).toBe('ECONNREFUSED')
  })

  it('an unknown host is offline', async () => {
    const e = await failure(
      createMarketplaceClient({
        baseUrl: 'https://no-such-host.invalid',
        apiKey: KEY,
        pacer: createPacer()
      }).getAccount()
    )
    expect(e.kind).toBe('offline')
  })

  it('caps the body by the bytes received, not by Content-Length', async () => {
    const f = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.write('{"status":"success","items":[')
      const chunk = `"${'x'.repeat(64 * 1024)}",`
      for (let i = 0; i < 40; i++) res.write(chunk)
      res.end('1]}')
    })
    const e = await failure(client(f, { maxBodyBytes: 1024 * 1024 }).listItems())
    expect(e.kind).toBe('bad-response')
    expect(e.message).toMatch(/larger than 1 MB/)
  })

  it('takes a whole catalogue over 20 MB (100,000 items are ~78 MB), and no other answer that large', async () => {
    const padding = 'x'.repeat(1024)
    const items = Array.from({ length: 24_000 }, (_, i) => ({
      ...ITEM,
      id: i + 1,
      description: padding
    }))
    const body = JSON.stringify({ status: 'success', items })
    expect(body.length).toBeGreaterThan(21 * 1024 * 1024)
    const f = await serve((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      // The account answer is as large as the list: only the list may be.
      res.end(
        req.url.pathname.includes('account')
          ? body.replace('"items":', '"data":{"username":"x","padding":').replace(/]}$/, ']}}')
          : body
      )
    })
    const c = client(f)
    expect((await c.listItems()).length).toBe(24_000)
    const e = await failure(c.getAccount())
    expect(e.kind).toBe('bad-response')
    expect(e.message).toMatch(/larger than 20 MB/)
  })

  it('refuses a list of more items than it reads, naming the limit, before parsing one', async () => {
    // Four million minimal items fit under the byte cap and ran the host out of memory.
    const body = `{"status":"success","items":[${'{"id":1},'.repeat(4_000_000)}{"id":2}]}`
    expect(body.length).toBeLessThan(256 * 1024 * 1024)
    const f = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(body)
    })
    const before = process.memoryUsage().heapUsed
    const e = await failure(client(f).listItems())
    expect(e.kind).toBe('bad-response')
    expect(e.message).toMatch(/listed more than 200,000 items/)
    // Nothing was parsed: no heap growth of a million objects (about 100 bytes each).
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(100 * 1024 * 1024)
  })

  it('refuses a declared Content-Length over the cap without reading it', async () => {
    const f = await serve((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': String(5 * 1024 * 1024)
      })
      res.write('{')
    })
    expect((await failure(client(f, { maxBodyBytes: 1024 * 1024 }).listItems())).kind).toBe(
      'bad-response'
    )
  })

  it('a body cut off mid-way is bad-response', async () => {
    const f = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '500' })
      res.write('{"status":"success","data":{')
      setTimeout(() => res.destroy(), 20)
    })
    const e = await failure(client(f).getAccount())
    expect(e.kind).toBe('bad-response')
    expect(e.message).toMatch(/cut off/)
  })
})
