import { describe, expect, it } from 'vitest'
import {
  parseAccountResponse,
  parseItemResponse,
  parseItemsResponse,
  parsePurchaseResponse
} from '../../electron/main/marketplace/wire/normalise'
import { CLIENT_HEADERS, demo, get, postForm, rawRequest, sendJson } from './helpers'

const MICRO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
type Raw = Record<string, unknown>

describe('demo server, real mode: success shapes', () => {
  it('answers account details PHP-style: escaped slashes, \\u escapes, artefacts, user names', async () => {
    const s = await demo({ mode: 'real' })
    const r = await get(s, '/api/account/details', { api_key: s.apiKey })
    expect(r.status).toBe(200)
    expect(r.text).toContain('L\\u00facia')
    // Outside the BMP: a surrogate pair, each half escaped, as PHP does.
    expect(r.text).toContain('\\ud83c\\udfa8')
    expect(r.text).toContain('http:\\/\\/127.0.0.1')
    expect(r.text).not.toMatch(/[\u0080-\uffff]/)
    expect(r.text).toContain('"balance":1843.1999999999998')
    expect(r.headers.get('set-cookie')).toMatch(/^lumen_market_session=[0-9a-f]+;/)
    const body = r.json as { data: Raw & { profile: Raw } }
    expect(body.data.profile['social_links']).toMatchObject({ x: 'lumen_studio', pinterest: null })
    expect(body.data['registered_at']).toMatch(MICRO)
    const parsed = parseAccountResponse(r.json)
    if (!parsed.ok) throw new Error(parsed.message)
    expect(parsed.value.balance).toBe(1843.2)
    expect(parsed.value.profile.description).toContain('Made with ☕ and 🎨.')
    expect(parsed.value.profile.social_links).toContainEqual({
      network: 'x',
      handle: 'lumen_studio',
      url: 'https://x.com/lumen_studio'
    })

    const buyer = await get(s, '/api/account/details', { api_key: s.buyerKey })
    expect(buyer.status).toBe(200)
    const b = buyer.json as { data: Raw & { profile: Raw } }
    expect(b.data.profile).toMatchObject({
      heading: null,
      description: null,
      contact: { email: null },
      social_links: null
    })
    const bp = parseAccountResponse(buyer.json)
    expect(bp.ok && bp.value.balance).toBe(-4.5)
    expect(bp.ok && bp.value.profile.media.avatar).toMatch(/default-avatar\.jpg$/)
  })

  it('lists items newest first with real-install field shapes, accepted by the app parser', async () => {
    const s = await demo({ mode: 'real' })
    const r = await get(s, '/api/items/all', { api_key: s.apiKey })
    expect(r.status).toBe(200)
    const items = (r.json as { items: Raw[] }).items
    expect(items.map((i) => i['id'])).toEqual(s.data.items.map((i) => i.id).reverse())
    const byName = new Map(items.map((i) => [i['name'], i]))
    const aurora = byName.get('Aurora Admin Dashboard UI Kit')!
    expect(aurora['tags']).toBe('admin,dashboard,dark mode,figma')
    expect(aurora['options']).toEqual({
      Layout: 'Responsive',
      Browsers: ['Chrome', 'Firefox', 'Safari', 'Edge'],
      'Files Included': ['Figma', 'Sketch']
    })
    expect((aurora['media'] as Raw)['screenshots']).toMatchObject({
      '0': expect.stringMatching(/\/media\/screens\/\d+-0\.jpg$/)
    })
    expect(aurora['published_at']).toMatch(MICRO)
    expect(byName.get('Bloom Watercolour Flowers')).toMatchObject({
      options: null,
      version: null,
      demo_link: null,
      media: { screenshots: null }
    })
    expect(byName.get('Grove Outdoor Photo Bundle')).toMatchObject({ options: [] })
    expect(byName.get('Café Lounge Beats')!['media'] as Raw).not.toHaveProperty('screenshots')
    // Checked on the raw text: a failure must not print a 30-item body.
    expect(r.text.includes('"regular":21.099999999999998')).toBe(true)
    expect(/"extended":120[,}]/.test(r.text)).toBe(true)
    expect(/preview_image":"[^"]+\?v=\d/.test(r.text)).toBe(true)

    const parsed = parseItemsResponse(r.json)
    if (!parsed.ok) throw new Error(parsed.message)
    expect(parsed.skipped).toEqual([])
    const grove = parsed.value.find((i) => i.name === 'Grove Outdoor Photo Bundle')
    expect(grove?.price.regular).toBe(21.1)
    expect(
      parsed.value.find((i) => i.name === 'Aurora Admin Dashboard UI Kit')?.media.screenshots
    ).toHaveLength(3)
  })

  it('builds media URLs from the Host the request came in on', async () => {
    const s = await demo({ mode: 'real' })
    const port = new URL(s.baseUrl).port
    const r = await rawRequest(
      s,
      'GET',
      `/api/items/item?api_key=${s.apiKey}&item_id=${s.data.items[0]!.id}`,
      { ...CLIENT_HEADERS, Host: `localhost:${port}` }
    )
    expect(r.status).toBe(200)
    const item = parseItemResponse(r.json)
    expect(item.ok && item.value.media.thumbnail).toBe(
      `http://localhost:${port}/media/thumbs/${s.data.items[0]!.id}.jpg`
    )
  })

  it('puts the purchase under `item`, translated licence, micro timestamps', async () => {
    const s = await demo({ mode: 'real' })
    const extended = s.data.purchases.find(
      (p) => p.state === 'active' && p.license === 'extended' && p.supported_until !== null
    )!
    const r = await postForm(s, '/api/purchases/validation', {
      api_key: s.apiKey,
      purchase_code: extended.code
    })
    expect(r.status).toBe(200)
    const body = r.json as { status: string; item: Raw & { item: Raw } }
    expect(body.status).toBe('success')
    expect(body).not.toHaveProperty('data')
    expect(body.item).toMatchObject({
      purchase_code: extended.code,
      license_type: 'Extended',
      downloaded: extended.downloaded
    })
    expect(body.item['date']).toMatch(MICRO)
    expect(body.item['supported_until']).toMatch(MICRO)
    expect(body.item.item['id']).toBe(extended.itemId)
    const parsed = parsePurchaseResponse(r.json)
    expect(parsed.ok && parsed.value.license).toBe('extended')

    const none = await postForm(s, '/api/purchases/validation', {
      api_key: s.apiKey,
      purchase_code: s.sampleCodes.noSupport
    })
    expect((none.json as { item: Raw }).item).not.toHaveProperty('supported_until')
  })

  it('still validates a purchase of a deleted item, whose media are dead', async () => {
    const s = await demo({ mode: 'real' })
    const listed = new Set(s.data.items.map((i) => i.id))
    const orphan = s.data.purchases.find((p) => p.state === 'active' && !listed.has(p.itemId))!
    const r = await postForm(s, '/api/purchases/validation', {
      api_key: s.apiKey,
      purchase_code: orphan.code
    })
    expect(r.status).toBe(200)
    expect((r.json as { item: { item: { media: Raw } } }).item.item.media['preview_image']).toBe(
      `${s.baseUrl}/`
    )
    const parsed = parsePurchaseResponse(r.json)
    if (!parsed.ok) throw new Error(parsed.message)
    expect(parsed.value.item.id).toBe(orphan.itemId)
    expect(parsed.value.item.media.preview_image).toBeNull()
    expect((await fetch(parsed.value.item.media.thumbnail!)).status).toBe(404)
    expect(
      (await get(s, '/api/items/item', { api_key: s.apiKey, item_id: String(orphan.itemId) }))
        .status
    ).toBe(404)
  })

  it('translates status, msg and license_type with locale es', async () => {
    const s = await demo({ mode: 'real', locale: 'es' })
    const ok = await postForm(s, '/api/purchases/validation', {
      api_key: s.apiKey,
      purchase_code: s.sampleCodes.valid
    })
    expect(ok.text).toContain('"status":"\\u00e9xito"')
    expect(ok.json).toMatchObject({ status: 'éxito', item: { license_type: 'Regular' } })
    expect(parsePurchaseResponse(ok.json).ok).toBe(true)
    const bad = await postForm(s, '/api/purchases/validation', {
      api_key: s.apiKey,
      purchase_code: s.sampleCodes.invalid
    })
    expect(bad.status).toBe(404)
    expect(bad.json).toEqual({ status: 'error', msg: 'Código de compra no válido' })
    const ext = s.data.purchases.find((p) => p.state === 'active' && p.license === 'extended')!
    const e = await postForm(s, '/api/purchases/validation', {
      api_key: s.apiKey,
      purchase_code: ext.code
    })
    expect(e.json).toMatchObject({ item: { license_type: 'Extendida' } })
    const missing = await get(s, '/api/items/all')
    expect(missing.json).toEqual({ status: 'error', msg: 'El campo api key es obligatorio.' })
  })

  it('sends currency null when the site is configured so', async () => {
    const s = await demo({ mode: 'real', currency: null })
    const r = await get(s, '/api/items/item', {
      api_key: s.apiKey,
      item_id: String(s.data.items[0]!.id)
    })
    expect((r.json as { item: Raw }).item['currency']).toBeNull()
    const parsed = parseItemResponse(r.json)
    expect(parsed.ok && parsed.value.currency).toBeNull()
  })
})

describe('demo server, real mode: errors', () => {
  it('gives 400 with the first validation message, 401 and 404 for bad keys', async () => {
    const s = await demo({ mode: 'real' })
    const id = String(s.data.items[0]!.id)
    const cases: [Promise<{ status: number; json: unknown }>, number, string][] = [
      [get(s, '/api/account/details'), 400, 'The api key field is required.'],
      [get(s, '/api/account/details', { api_key: '   ' }), 400, 'The api key field is required.'],
      [get(s, '/api/items/item', { item_id: 'x' }), 400, 'The api key field is required.'],
      [get(s, '/api/items/item', { api_key: s.apiKey }), 400, 'The item id field is required.'],
      [
        get(s, '/api/items/item', { api_key: s.apiKey, item_id: '12abc' }),
        400,
        'The item id field must be an integer.'
      ],
      [
        get(s, '/api/items/item', { api_key: s.apiKey, item_id: '1.5' }),
        400,
        'The item id field must be an integer.'
      ],
      [
        postForm(s, '/api/purchases/validation', { api_key: s.apiKey, purchase_code: '' }),
        400,
        'The purchase code field is required.'
      ],
      [get(s, '/api/account/details', { api_key: 'a'.repeat(64) }), 401, 'Invalid request'],
      [get(s, '/api/items/all', { api_key: 'a'.repeat(64) }), 404, 'No Items Found'],
      [get(s, '/api/items/all', { api_key: s.buyerKey }), 404, 'No Items Found'],
      [get(s, '/api/items/item', { api_key: s.buyerKey, item_id: id }), 404, 'Item Not Found'],
      [get(s, '/api/items/item', { api_key: s.apiKey, item_id: '424242' }), 404, 'Item Not Found'],
      [
        postForm(s, '/api/purchases/validation', {
          api_key: s.buyerKey,
          purchase_code: s.sampleCodes.valid
        }),
        404,
        'Invalid purchase code'
      ],
      [
        postForm(s, '/api/purchases/validation', {
          api_key: s.apiKey,
          purchase_code: s.sampleCodes.invalid
        }),
        404,
        'Invalid purchase code'
      ]
    ]
    for (const [pending, status, msg] of cases) {
      const r = await pending
      expect({ status: r.status, json: r.json }).toEqual({ status, json: { status: 'error', msg } })
    }
  })

  it('answers refunded, cancelled and other-seller codes like unknown ones', async () => {
    const s = await demo({ mode: 'real' })
    const unknown = await postForm(s, '/api/purchases/validation', {
      api_key: s.apiKey,
      purchase_code: s.sampleCodes.invalid
    })
    for (const p of s.data.purchases.filter((x) => x.state !== 'active')) {
      const r = await postForm(s, '/api/purchases/validation', {
        api_key: s.apiKey,
        purchase_code: p.code
      })
      expect({ status: r.status, text: r.text }).toEqual({
        status: unknown.status,
        text: unknown.text
      })
    }
  })

  it('gives framework errors as HTML, or {"message"} with a JSON Accept header', async () => {
    const s = await demo({ mode: 'real' })
    const html = await get(
      s,
      '/api/nothing/here',
      { api_key: s.apiKey },
      { 'User-Agent': 'SellerDesk/test' }
    )
    expect(html.status).toBe(404)
    expect(html.headers.get('content-type')).toMatch(/^text\/html/)
    expect(html.text).toMatch(/^<!DOCTYPE html>/)
    const json = await get(s, '/api/nothing/here', { api_key: s.apiKey })
    expect(json.status).toBe(404)
    expect(json.json).toEqual({ message: 'The route api/nothing/here could not be found.' })
    const method = await get(s, '/api/purchases/validation', { api_key: s.apiKey })
    expect(method.status).toBe(405)
    expect(method.json).toEqual({
      message: expect.stringContaining('The GET method is not supported')
    })
    const post = await postForm(s, '/api/items/all', { api_key: s.apiKey })
    expect(post.status).toBe(405)
    const postHtml = await postForm(
      s,
      '/api/items/all',
      { api_key: s.apiKey },
      { 'User-Agent': 'SellerDesk/test', Accept: 'text/html' }
    )
    expect(postHtml.text).toContain('405')
  })

  it('redirects browser User-Agents with 302 to the home page', async () => {
    const s = await demo({ mode: 'real' })
    for (const agent of [
      'Mozilla/5.0 (X11; Linux x86_64)',
      'Something Chrome/120',
      'Opera/9.80',
      'Edge/18',
      'Firefox/1'
    ]) {
      const r = await get(
        s,
        '/api/account/details',
        { api_key: s.apiKey },
        { 'User-Agent': agent, Accept: 'application/json' }
      )
      expect(r.status).toBe(302)
      expect(r.headers.get('location')).toBe(`${s.baseUrl}/`)
    }
    // Case-sensitive, as the script's check.
    const lower = await get(
      s,
      '/api/account/details',
      { api_key: s.apiKey },
      { 'User-Agent': 'mozilla-ish tool', Accept: 'application/json' }
    )
    expect(lower.status).toBe(200)
  })

  it('redirects /index.php/api/... with 301 to the path without it', async () => {
    const s = await demo({ mode: 'real' })
    const r = await get(s, '/index.php/api/items/all', { api_key: s.apiKey })
    expect(r.status).toBe(301)
    expect(r.headers.get('location')).toBe(`${s.baseUrl}/api/items/all?api_key=${s.apiKey}`)
  })

  it('fails the list, the item read and its purchases with 500 when an item lacks a sub-category', async () => {
    const s = await demo({ mode: 'real', missingSubCategory: true })
    const broken = s.data.brokenItemId!
    expect(s.data.items.find((i) => i.id === broken)?.sub_category).toBeNull()
    const list = await get(s, '/api/items/all', { api_key: s.apiKey })
    expect(list.status).toBe(500)
    expect(list.json).toEqual({ message: 'Server Error' })
    const read = await get(s, '/api/items/item', { api_key: s.apiKey, item_id: String(broken) })
    expect(read.status).toBe(500)
    const code = s.data.purchases.find((p) => p.state === 'active' && p.itemId === broken)!.code
    expect(
      (await postForm(s, '/api/purchases/validation', { api_key: s.apiKey, purchase_code: code }))
        .status
    ).toBe(500)
    // The others still answer, and so do the sample codes.
    const other = s.data.items.find((i) => i.id !== broken)!
    expect(
      (await get(s, '/api/items/item', { api_key: s.apiKey, item_id: String(other.id) })).status
    ).toBe(200)
    expect(
      (
        await postForm(s, '/api/purchases/validation', {
          api_key: s.apiKey,
          purchase_code: s.sampleCodes.valid
        })
      ).status
    ).toBe(200)
  })

  it('answers 404 "No Items Found" for a catalogue of one item or none', async () => {
    const single = await demo({ mode: 'real', catalogue: 'single' })
    expect(single.data.items).toHaveLength(1)
    const r1 = await get(single, '/api/items/all', { api_key: single.apiKey })
    expect({ status: r1.status, json: r1.json }).toEqual({
      status: 404,
      json: { status: 'error', msg: 'No Items Found' }
    })
    const one = await get(single, '/api/items/item', {
      api_key: single.apiKey,
      item_id: String(single.data.items[0]!.id)
    })
    expect(one.status).toBe(200)
    // A purchase still names its (now unlisted) item.
    const p = await postForm(single, '/api/purchases/validation', {
      api_key: single.apiKey,
      purchase_code: single.sampleCodes.expired
    })
    expect(parsePurchaseResponse(p.json).ok).toBe(true)

    const empty = await demo({ mode: 'real', catalogue: 'empty' })
    const r0 = await get(empty, '/api/items/all', { api_key: empty.apiKey })
    expect({ status: r0.status, json: r0.json }).toEqual({
      status: 404,
      json: { status: 'error', msg: 'No Items Found' }
    })
  })
})

describe('demo server, real mode: parameters and headers', () => {
  it('reads the query, a form body and a JSON body; trims; ignores a form body on GET', async () => {
    const s = await demo({ mode: 'real' })
    const id = s.data.items[2]!.id
    expect(
      (await get(s, '/api/items/item', { api_key: ` ${s.apiKey} `, item_id: ` ${id} ` })).status
    ).toBe(200)
    expect(
      (
        await postForm(s, '/api/purchases/validation', {
          api_key: s.apiKey,
          purchase_code: `  ${s.sampleCodes.valid}\t`
        })
      ).status
    ).toBe(200)
    expect(
      (
        await sendJson(s, 'POST', '/api/purchases/validation', {
          api_key: s.apiKey,
          purchase_code: s.sampleCodes.valid
        })
      ).status
    ).toBe(200)
    // The body wins over the query, as Laravel merges them.
    const both = await sendJson(
      s,
      'POST',
      `/api/purchases/validation?purchase_code=${s.sampleCodes.invalid}`,
      { api_key: s.apiKey, purchase_code: s.sampleCodes.valid }
    )
    expect(both.status).toBe(200)
    const jsonGet = await rawRequest(
      s,
      'GET',
      '/api/items/item',
      { ...CLIENT_HEADERS, 'Content-Type': 'application/json' },
      JSON.stringify({ api_key: s.apiKey, item_id: id })
    )
    expect(jsonGet.status).toBe(200)
    const formGet = await rawRequest(
      s,
      'GET',
      '/api/items/item',
      { ...CLIENT_HEADERS, 'Content-Type': 'application/x-www-form-urlencoded' },
      `api_key=${s.apiKey}&item_id=${id}`
    )
    expect(formGet.json).toEqual({ status: 'error', msg: 'The api key field is required.' })
    const header = await get(
      s,
      '/api/account/details',
      {},
      { ...CLIENT_HEADERS, 'X-Api-Key': s.apiKey }
    )
    expect(header.status).toBe(400)
    // The log shows where each parameter travelled.
    const last = s.requests[s.requests.length - 1]!
    expect(last).toMatchObject({ method: 'GET', path: '/api/account/details', query: {} })
  })

  it('sends rate-limit headers and a session cookie on every API answer, errors included', async () => {
    const s = await demo({ mode: 'real', rateLimit: { limit: 5, windowMs: 60_000 } })
    const answers = [
      await get(s, '/api/account/details', { api_key: s.apiKey }),
      await get(s, '/api/items/all', { api_key: 'bad' }),
      await get(s, '/api/nope'),
      await get(s, '/api/account/details', { api_key: s.apiKey }, { 'User-Agent': 'Mozilla/5.0' })
    ]
    expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['4', '3', '2', '1'])
    for (const a of answers) {
      expect(a.headers.get('x-ratelimit-limit')).toBe('5')
      expect(a.headers.get('set-cookie')).toContain('lumen_market_session=')
    }
    await get(s, '/api/account/details', { api_key: s.apiKey })
    const limited = await get(s, '/api/account/details', { api_key: s.apiKey })
    expect(limited.status).toBe(429)
    expect(limited.json).toEqual({ message: 'Too Many Attempts.' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000)
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    // Media are not rate-limited.
    const media = await fetch(`${s.baseUrl}/media/thumbs/${s.data.items[0]!.id}.jpg`)
    expect(media.status).toBe(200)
    expect(media.headers.get('x-ratelimit-limit')).toBeNull()
  })

  it('opens a new window once the old one has passed', async () => {
    const s = await demo({ mode: 'real', rateLimit: { limit: 1, windowMs: 200 } })
    expect((await get(s, '/api/account/details', { api_key: s.apiKey })).status).toBe(200)
    expect((await get(s, '/api/account/details', { api_key: s.apiKey })).status).toBe(429)
    await new Promise((r) => setTimeout(r, 250))
    expect((await get(s, '/api/account/details', { api_key: s.apiKey })).status).toBe(200)
  })
})
