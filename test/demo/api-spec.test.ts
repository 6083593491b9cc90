import { describe, expect, it } from 'vitest'
import {
  parseAccountResponse,
  parseItemResponse,
  parseItemsResponse,
  parsePurchaseResponse
} from '../../electron/main/marketplace/wire/normalise'
import { CLIENT_HEADERS, demo, get, postForm, rawRequest, sendJson } from './helpers'

const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/

describe('demo server, spec mode: success shapes', () => {
  it('answers account details for the seller and the buyer, accepted by the app parser', async () => {
    const s = await demo()
    const r = await get(s, '/api/account/details', { api_key: s.apiKey })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/json')
    expect(r.json).toMatchObject({
      status: 'success',
      data: { username: 'lumenstudio', currency: 'USD' }
    })
    const parsed = parseAccountResponse(r.json)
    if (!parsed.ok) throw new Error(parsed.message)
    expect(parsed.value.name.full_name).toBe('Lúcia Ferreira')
    expect(parsed.value.profile.description).toContain('<strong>')
    expect(parsed.value.profile.media.avatar).toBe(`${s.baseUrl}/media/profile/avatar.jpg`)
    // Spec: social links are link strings.
    expect(parsed.value.profile.social_links).toContainEqual({
      network: 'x',
      handle: 'https://x.com/lumen_studio',
      url: 'https://x.com/lumen_studio'
    })
    expect(r.text).not.toContain('\\/')

    const buyer = await get(s, '/api/account/details', { api_key: s.buyerKey })
    expect(buyer.status).toBe(200)
    const b = parseAccountResponse(buyer.json)
    expect(b.ok && b.value.username).toBe('tberg')
  })

  it('answers the list the same bytes every time, its length counted in bytes', async () => {
    const s = await demo()
    const first = await get(s, '/api/items/all', { api_key: s.apiKey })
    const again = await get(s, '/api/items/all', { api_key: s.apiKey })
    // The list is encoded once and kept: a multi-byte name must still be counted in bytes.
    expect(first.text).toMatch(/[\u0080-\uffff]/)
    expect(Number(first.headers.get('content-length'))).toBe(Buffer.byteLength(first.text))
    expect(again.text).toBe(first.text)
    expect(again.headers.get('content-length')).toBe(first.headers.get('content-length'))
  })

  it('lists every item in spec shapes, accepted by the app parser with nothing skipped', async () => {
    const s = await demo()
    const r = await get(s, '/api/items/all', { api_key: s.apiKey })
    expect(r.status).toBe(200)
    const body = r.json as { status: string; items: Record<string, unknown>[] }
    expect(body.status).toBe('success')
    expect(body.items).toHaveLength(s.data.items.length)
    expect(body.items.length).toBeGreaterThanOrEqual(24)
    for (const raw of body.items) {
      expect(Array.isArray(raw['tags'])).toBe(true)
      expect(Array.isArray(raw['options'])).toBe(true)
      for (const o of raw['options'] as unknown[]) expect(typeof o).toBe('string')
      expect(raw['published_at']).toMatch(ISO_SECONDS)
      const media = raw['media'] as Record<string, unknown>
      if ('screenshots' in media) expect(Array.isArray(media['screenshots'])).toBe(true)
      // The spec: every item has a major.minor.patch version and a demo link.
      expect(raw['version']).toMatch(/^\d+\.\d+\.\d+$/)
      expect(raw['demo_link']).toMatch(/^https:\/\/\S+$/)
      expect(typeof raw['price']).toBe('object')
    }
    const parsed = parseItemsResponse(r.json)
    if (!parsed.ok) throw new Error(parsed.message)
    expect(parsed.skipped).toEqual([])
    const kinds = parsed.value.map((i) => i.kind)
    for (const kind of ['image', 'video', 'audio'] as const)
      expect(kinds.filter((k) => k === kind).length).toBeGreaterThanOrEqual(5)
    expect(parsed.value.some((i) => i.media.screenshots.length > 0)).toBe(true)
    expect(parsed.value.some((i) => i.kind === 'image' && i.media.screenshots.length === 0)).toBe(
      true
    )
    expect(
      parsed.value
        .filter((i) => i.kind === 'audio')
        .every((i) => i.media.preview_image === null && i.media.preview_audio !== null)
    ).toBe(true)
    expect(
      parsed.value.filter((i) => i.kind === 'video').every((i) => i.media.preview_video !== null)
    ).toBe(true)
    const aurora = parsed.value.find((i) => i.name === 'Aurora Admin Dashboard UI Kit')
    expect(aurora?.options).toContainEqual({
      name: null,
      values: expect.arrayContaining(['Browsers: Chrome, Firefox, Safari, Edge'])
    })
    expect(aurora?.tags).toEqual(['admin', 'dashboard', 'dark mode', 'figma'])
    expect(aurora?.description).toMatch(/<ul>.*<li>.*<strong>|<strong>.*<ul>/s)
    const hostile = parsed.value.find((i) => i.description.includes('<script>'))
    expect(hostile?.description).toContain('onerror=')
    expect(hostile?.description).toContain('javascript:')
  })

  it('reads one item and validates purchases under data.purchase', async () => {
    const s = await demo()
    const id = s.data.items[4]!.id
    const r = await get(s, '/api/items/item', { api_key: s.apiKey, item_id: String(id) })
    expect(r.status).toBe(200)
    const item = parseItemResponse(r.json)
    expect(item.ok && item.value).toMatchObject({ id, name: s.data.items[4]!.name })

    const now = Date.now()
    const valid = await postForm(s, '/api/purchases/validation', {
      api_key: s.apiKey,
      purchase_code: s.sampleCodes.valid
    })
    expect(valid.status).toBe(200)
    expect(valid.json).toMatchObject({
      status: 'success',
      data: { purchase: { purchase_code: s.sampleCodes.valid } }
    })
    const p = parsePurchaseResponse(valid.json)
    if (!p.ok) throw new Error(p.message)
    expect(Date.parse(p.value.supported_until!)).toBeGreaterThan(now)
    expect(p.value.license).toBe('regular')
    expect(p.value.item.id).toBe(
      s.data.purchases.find((x) => x.code === s.sampleCodes.valid)!.itemId
    )

    const expired = parsePurchaseResponse(
      (
        await postForm(s, '/api/purchases/validation', {
          api_key: s.apiKey,
          purchase_code: s.sampleCodes.expired
        })
      ).json
    )
    expect(expired.ok && Date.parse(expired.value.supported_until!)).toBeLessThan(now)
    const none = await postForm(s, '/api/purchases/validation', {
      api_key: s.apiKey,
      purchase_code: s.sampleCodes.noSupport
    })
    expect((none.json as { data: { purchase: object } }).data.purchase).not.toHaveProperty(
      'supported_until'
    )
    const noneParsed = parsePurchaseResponse(none.json)
    expect(noneParsed.ok && noneParsed.value.supported_until).toBeNull()
  })

  it('serves every seeded active purchase, regular and extended, downloaded or not', async () => {
    const s = await demo()
    const active = s.data.purchases.filter((p) => p.state === 'active')
    expect(active.length).toBeGreaterThanOrEqual(40)
    const licences = new Set<string>()
    const downloaded = new Set<boolean>()
    for (const purchase of active) {
      const r = await postForm(s, '/api/purchases/validation', {
        api_key: s.apiKey,
        purchase_code: purchase.code
      })
      const parsed = parsePurchaseResponse(r.json)
      if (!parsed.ok) throw new Error(parsed.message)
      licences.add(parsed.value.license)
      downloaded.add(parsed.value.downloaded)
    }
    expect([...licences].sort()).toEqual(['extended', 'regular'])
    expect([...downloaded].sort()).toEqual([false, true])
  })
})

describe('demo server, spec mode: errors', () => {
  it('answers each failure with the spec envelope and text', async () => {
    const s = await demo()
    const cases: [Promise<{ status: number; json: unknown }>, number, string][] = [
      [get(s, '/api/account/details', { api_key: 'f'.repeat(64) }), 401, 'Invalid request'],
      [get(s, '/api/account/details'), 400, 'Invalid request'],
      [get(s, '/api/items/all', { api_key: s.buyerKey }), 404, 'No items found'],
      [get(s, '/api/items/all', { api_key: 'nope' }), 404, 'No items found'],
      [get(s, '/api/items/item', { api_key: s.apiKey, item_id: '999999' }), 404, 'Item Not Found'],
      [get(s, '/api/items/item', { api_key: s.apiKey, item_id: 'abc' }), 404, 'Item Not Found'],
      [
        get(s, '/api/items/item', { api_key: s.buyerKey, item_id: String(s.data.items[0]!.id) }),
        404,
        'Item Not Found'
      ],
      [get(s, '/api/items/item', { api_key: s.apiKey }), 400, 'Invalid request'],
      [
        postForm(s, '/api/purchases/validation', {
          api_key: s.apiKey,
          purchase_code: s.sampleCodes.invalid
        }),
        404,
        'Invalid purchase code'
      ],
      [
        postForm(s, '/api/purchases/validation', {
          api_key: s.buyerKey,
          purchase_code: s.sampleCodes.valid
        }),
        404,
        'Invalid purchase code'
      ],
      [postForm(s, '/api/purchases/validation', { api_key: s.apiKey }), 400, 'Invalid request']
    ]
    for (const [pending, status, msg] of cases) {
      const r = await pending
      expect({ status: r.status, json: r.json }).toEqual({ status, json: { status: 'error', msg } })
    }
  })

  it('refuses refunded, cancelled and other-seller codes', async () => {
    const s = await demo()
    const dead = s.data.purchases.filter((p) => p.state !== 'active')
    expect(new Set(dead.map((p) => p.state))).toEqual(
      new Set(['refunded', 'cancelled', 'other-seller'])
    )
    for (const p of dead) {
      const r = await postForm(s, '/api/purchases/validation', {
        api_key: s.apiKey,
        purchase_code: p.code
      })
      expect(r.status).toBe(404)
      expect(r.json).toEqual({ status: 'error', msg: 'Invalid purchase code' })
    }
  })

  it('answers an unknown path and a wrong method in JSON too', async () => {
    const s = await demo()
    const unknown = await get(s, '/api/items/nope', { api_key: s.apiKey })
    expect(unknown.status).toBe(404)
    expect(unknown.json).toMatchObject({ status: 'error' })
    const wrong = await get(s, '/api/purchases/validation', {
      api_key: s.apiKey,
      purchase_code: s.sampleCodes.valid
    })
    expect(wrong.status).toBe(405)
    expect(wrong.json).toMatchObject({ status: 'error' })
  })

  it('says "No items found" for an empty catalogue (size 0)', async () => {
    const s = await demo({ size: 0 })
    const r = await get(s, '/api/items/all', { api_key: s.apiKey })
    expect(r.status).toBe(404)
    expect(r.json).toEqual({ status: 'error', msg: 'No items found' })
  })
})

describe('demo server, spec mode: parameter locations', () => {
  it('reads parameters from the query, a form body and a JSON body, trimmed', async () => {
    const s = await demo()
    const code = s.sampleCodes.valid
    const viaJson = await sendJson(s, 'POST', '/api/purchases/validation', {
      api_key: s.apiKey,
      purchase_code: code
    })
    expect(viaJson.status).toBe(200)
    const viaQuery = await postForm(
      s,
      `/api/purchases/validation?api_key=${s.apiKey}&purchase_code=${code}`,
      {}
    )
    expect(viaQuery.status).toBe(200)
    const padded = await postForm(s, '/api/purchases/validation', {
      api_key: `  ${s.apiKey} `,
      purchase_code: ` ${code.toUpperCase()}  `
    })
    expect(padded.status).toBe(200)
    const getJson = await rawRequest(
      s,
      'GET',
      '/api/items/item',
      { ...CLIENT_HEADERS, 'Content-Type': 'application/json' },
      JSON.stringify({ api_key: s.apiKey, item_id: s.data.items[0]!.id })
    )
    expect(getJson.status).toBe(200)
    expect(parseItemResponse(getJson.json).ok).toBe(true)
    // Never from headers.
    const header = await get(
      s,
      '/api/account/details',
      {},
      { ...CLIENT_HEADERS, api_key: s.apiKey, Authorization: `Bearer ${s.apiKey}` }
    )
    expect(header.status).toBe(400)
  })
})
