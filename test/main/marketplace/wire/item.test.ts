import { describe, expect, it } from 'vitest'
import type { Item } from '../../../../shared/model'
import { parseItemResponse } from '../../../../electron/main/marketplace/wire/normalise'
import { SITE, realItem, specItem, without, withMedia } from './fixtures'

function item(raw: Record<string, unknown>): Item {
  const r = parseItemResponse({ status: 'success', item: raw })
  if (!r.ok) throw new Error(`expected the item to parse, got ${r.field}: ${r.message}`)
  return r.value
}

describe('item: the spec shape', () => {
  it('normalises a spec-exact item field for field', () => {
    expect(item(specItem())).toEqual({
      id: 101,
      name: 'Dashboard Kit',
      description: '<p>A <b>clean</b> admin kit.</p>',
      category: 'Templates',
      sub_category: 'Admin',
      options: [{ name: null, values: ['Responsive', 'Dark mode'] }],
      version: '2.4.1',
      demo_link: `${SITE}/demo/101`,
      tags: ['admin', 'dashboard'],
      media: {
        thumbnail: `${SITE}/media/101/thumb.jpg`,
        preview_image: `${SITE}/media/101/preview.jpg`,
        preview_video: null,
        preview_audio: null,
        screenshots: [`${SITE}/media/101/s1.jpg`, `${SITE}/media/101/s2.jpg`]
      },
      price: { regular: 24, extended: 120.5 },
      currency: 'USD',
      published_at: '2024-03-02T14:05:51.000Z',
      kind: 'image'
    })
  })

  it('normalises a real install item (real-installs §19-28) to the same kind of value', () => {
    expect(item(realItem())).toEqual({
      id: 101,
      name: 'Dashboard Kit',
      description: '<p>A <b>clean</b> admin kit.</p>',
      category: 'Templates',
      sub_category: 'Admin',
      options: [
        { name: 'Layout', values: ['Responsive'] },
        { name: 'Browsers', values: ['Chrome', 'Firefox'] }
      ],
      version: '1.0',
      demo_link: null,
      tags: ['admin', 'dashboard', 'dark mode'],
      media: {
        thumbnail: 'http://market.example/media/101/thumb.jpg?v=3',
        preview_image: 'http://market.example/media/101/preview.jpg',
        preview_video: null,
        preview_audio: null,
        screenshots: [
          'http://market.example/media/101/s1.jpg',
          'http://market.example/media/101/s2.jpg'
        ]
      },
      price: { regular: 21.1, extended: 120 },
      currency: null,
      published_at: '2024-03-02T14:05:51.000Z',
      kind: 'image'
    })
  })

  it('drops unknown extra fields at every level', () => {
    const raw = {
      ...withMedia({ hologram: `${SITE}/h.glb` }),
      rating: 4.5,
      author: { id: 9 },
      price: { regular: 1, extended: 2, sale: 0.5 }
    }
    const value = item(raw)
    expect(Object.keys(value).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'category',
        'sub_category',
        'options',
        'version',
        'demo_link',
        'tags',
        'media',
        'price',
        'currency',
        'published_at',
        'kind'
      ].sort()
    )
    expect(Object.keys(value.media).sort()).toEqual([
      'preview_audio',
      'preview_image',
      'preview_video',
      'screenshots',
      'thumbnail'
    ])
    expect(value.price).toEqual({ regular: 1, extended: 2 })
  })

  it('reads JSON with escaped slashes and \\u escapes (real-installs §33)', () => {
    const body: unknown = JSON.parse(
      '{"status":"\\u00e9xito","item":{"id":7,"name":"Caf\\u00e9 \\u2014 Kit","demo_link":"https:\\/\\/market.example\\/demo\\/7","price":{"regular":"5","extended":"50"},"media":{"thumbnail":"https:\\/\\/market.example\\/t.jpg"}}}'
    )
    const r = parseItemResponse(body)
    expect(r.ok && r.value.name).toBe('Café — Kit')
    expect(r.ok && r.value.demo_link).toBe('https://market.example/demo/7')
    expect(r.ok && r.value.media.thumbnail).toBe('https://market.example/t.jpg')
  })
})

describe('item.tags (real-installs §20)', () => {
  it.each([
    ['a comma string', 'admin,dashboard,dark mode', ['admin', 'dashboard', 'dark mode']],
    [
      'a comma string with spaces and empties',
      ' admin , ,dashboard,, dark mode ,',
      ['admin', 'dashboard', 'dark mode']
    ],
    ['a single tag', 'admin', ['admin']],
    ['an empty string', '', []],
    ['only commas and spaces', ' , ,, ', []],
    ['a list', ['admin', ' dashboard '], ['admin', 'dashboard']],
    ['a list with empties, nulls and numbers', ['admin', '', null, 2024], ['admin', '2024']],
    ['an empty list', [], []],
    ['null', null, []],
    ['duplicates', 'admin,Admin,admin', ['admin', 'Admin']]
  ])('accepts %s', (_label, tags, expected) => {
    expect(item(specItem({ tags })).tags).toEqual(expected)
  })

  it('treats a missing tags field as no tags', () => {
    expect(item(without(specItem(), 'tags')).tags).toEqual([])
  })

  it('refuses a number or an object, naming the field', () => {
    expect(parseItemResponse({ item: specItem({ tags: 5 }) })).toEqual({
      ok: false,
      field: 'item.tags',
      message: 'item.tags: expected a comma-separated string or a list of tags'
    })
    expect(parseItemResponse({ item: specItem({ tags: { a: 1 } }) })).toMatchObject({
      ok: false,
      field: 'item.tags'
    })
  })
})

describe('item.media.screenshots (real-installs §23)', () => {
  const u = (n: number) => `${SITE}/s/${n}.jpg`

  it('accepts null, absent, [] and {} as none', () => {
    expect(item(withMedia({ screenshots: null })).media.screenshots).toEqual([])
    expect(item(withMedia({ screenshots: [] })).media.screenshots).toEqual([])
    expect(item(withMedia({ screenshots: {} })).media.screenshots).toEqual([])
    const noShots = {
      ...specItem(),
      media: without(specItem().media as Record<string, unknown>, 'screenshots')
    }
    expect(item(noShots).media.screenshots).toEqual([])
  })

  it('accepts a list, in order', () => {
    expect(item(withMedia({ screenshots: [u(3), u(1), u(2)] })).media.screenshots).toEqual([
      u(3),
      u(1),
      u(2)
    ])
  })

  it('accepts an object keyed "0","1",... and orders it numerically whatever the key order', () => {
    const shots = { '10': u(10), '2': u(2), '0': u(0), '1': u(1) }
    expect(item(withMedia({ screenshots: shots })).media.screenshots).toEqual([
      u(0),
      u(1),
      u(2),
      u(10)
    ])
  })

  it('drops entries that are not http(s) URLs and keeps the rest', () => {
    const shots = [
      'javascript:alert(1)',
      u(1),
      null,
      42,
      '',
      `data:image/png;base64,AAAA`,
      `${SITE}/`,
      u(2)
    ]
    expect(item(withMedia({ screenshots: shots })).media.screenshots).toEqual([u(1), u(2)])
  })

  it('refuses a bare string, naming the field', () => {
    expect(parseItemResponse({ item: withMedia({ screenshots: u(1) }) })).toMatchObject({
      ok: false,
      field: 'item.media.screenshots',
      message: 'item.media.screenshots: expected a list or an object of screenshot URLs'
    })
  })
})

describe('item.options (real-installs §19)', () => {
  it.each([
    ['null', null, []],
    ['[]', [], []],
    ['{}', {}, []],
    ['a list of strings', ['Responsive', 'RTL'], [{ name: null, values: ['Responsive', 'RTL'] }]],
    [
      'a map of name to string or list',
      { Layout: 'Responsive', Browsers: ['Chrome', 'Firefox'] },
      [
        { name: 'Layout', values: ['Responsive'] },
        { name: 'Browsers', values: ['Chrome', 'Firefox'] }
      ]
    ],
    [
      'a map with a null and an empty list',
      { Layout: null, Files: [] },
      [
        { name: 'Layout', values: [] },
        { name: 'Files', values: [] }
      ]
    ],
    [
      'a map with numbers and booleans',
      { Columns: 12, Retina: true },
      [
        { name: 'Columns', values: ['12'] },
        { name: 'Retina', values: ['true'] }
      ]
    ]
  ])('accepts %s', (_label, options, expected) => {
    expect(item(specItem({ options })).options).toEqual(expected)
  })

  it('treats a missing options field as none', () => {
    expect(item(without(specItem(), 'options')).options).toEqual([])
  })

  it('refuses a string and a map to objects, naming the field', () => {
    const message = 'item.options: expected a list of options or a map of option names to values'
    expect(parseItemResponse({ item: specItem({ options: 'Responsive' }) })).toEqual({
      ok: false,
      field: 'item.options',
      message
    })
    expect(parseItemResponse({ item: specItem({ options: { Layout: { a: 1 } } }) })).toMatchObject({
      ok: false,
      field: 'item.options'
    })
  })
})

describe('item.version (real-installs §21)', () => {
  it.each([
    ['2.4.1', '2.4.1'],
    ['1.0', '1.0'],
    [' 3.0.0 ', '3.0.0'],
    [2, '2'],
    [1.5, '1.5'],
    [null, null],
    ['', null]
  ])('reads %j as %j', (version, expected) => {
    expect(item(specItem({ version })).version).toBe(expected)
  })

  it('treats a missing version as null and refuses a list', () => {
    expect(item(without(specItem(), 'version')).version).toBeNull()
    expect(parseItemResponse({ item: specItem({ version: [1, 0] }) })).toEqual({
      ok: false,
      field: 'item.version',
      message: 'item.version: expected a version string'
    })
  })
})

describe('item.price (real-installs §25)', () => {
  it.each([
    [
      { regular: 21.099999999999998, extended: 120 },
      { regular: 21.1, extended: 120 }
    ],
    [
      { regular: '120', extended: '240.50' },
      { regular: 120, extended: 240.5 }
    ],
    [
      { regular: ' 19.99 ', extended: 0 },
      { regular: 19.99, extended: 0 }
    ],
    [
      { regular: 0.30000000000000004, extended: '1e2' },
      { regular: 0.3, extended: 100 }
    ]
  ])('reads %j', (price, expected) => {
    expect(item(specItem({ price })).price).toEqual(expected)
  })

  it('names the exact price field that is not a number', () => {
    expect(
      parseItemResponse({ item: specItem({ price: { regular: 'free', extended: 2 } }) })
    ).toEqual({
      ok: false,
      field: 'item.price.regular',
      message: 'item.price.regular: expected a number, got "free"'
    })
    expect(parseItemResponse({ item: specItem({ price: { regular: 1 } }) })).toEqual({
      ok: false,
      field: 'item.price.extended',
      message: 'item.price.extended: expected a number, but it is missing'
    })
  })

  it.each([['0x10'], [''], ['  '], ['Infinity'], ['12,50'], [true], [null], [[1]]])(
    'refuses %j as a price',
    (regular) => {
      expect(
        parseItemResponse({ item: specItem({ price: { regular, extended: 2 } }) })
      ).toMatchObject({ ok: false, field: 'item.price.regular' })
    }
  )

  it('refuses an item with no price rather than inventing 0.00', () => {
    expect(parseItemResponse({ item: without(specItem(), 'price') })).toEqual({
      ok: false,
      field: 'item.price',
      message: 'item.price: expected a price object'
    })
  })
})

describe('item.media URLs and kind (real-installs §23, 24)', () => {
  it('derives kind: video when it has a video preview, audio when audio, else image', () => {
    const video = withMedia({ preview_video: `${SITE}/v.mp4` })
    const audio = {
      ...specItem(),
      media: { thumbnail: `${SITE}/t.jpg`, preview_audio: `${SITE}/a.mp3` }
    }
    expect(item(video).kind).toBe('video')
    expect(item(video).media.preview_video).toBe(`${SITE}/v.mp4`)
    expect(item(audio).kind).toBe('audio')
    expect(item(audio).media).toEqual({
      thumbnail: `${SITE}/t.jpg`,
      preview_image: null,
      preview_video: null,
      preview_audio: `${SITE}/a.mp3`,
      screenshots: []
    })
    expect(item(specItem()).kind).toBe('image')
  })

  it('does not call an item video or audio when that preview URL was dropped', () => {
    expect(item(withMedia({ preview_video: 'javascript:alert(1)' })).kind).toBe('image')
    expect(item(withMedia({ preview_audio: `${SITE}/` })).kind).toBe('image')
  })

  it.each([
    ['the bare site root', `${SITE}/`],
    ['the site root without a slash', SITE],
    ['an empty string', ''],
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a data: URL', 'data:image/svg+xml,<svg onload=alert(1)>'],
    ['a file: URL', 'file:///etc/passwd'],
    ['a relative path', '/media/t.jpg'],
    ['a protocol-relative URL', '//market.example/t.jpg'],
    ['not a URL', 'thumbnail'],
    ['a number', 42]
  ])('treats %s as no image', (_label, thumbnail) => {
    expect(item(withMedia({ thumbnail })).media.thumbnail).toBeNull()
  })

  it('keeps query strings, http behind a proxy, and a root URL that carries a query', () => {
    expect(
      item(withMedia({ thumbnail: 'http://market.example/t.jpg?w=300&h=200' })).media.thumbnail
    ).toBe('http://market.example/t.jpg?w=300&h=200')
    expect(item(withMedia({ preview_image: `${SITE}/?img=4` })).media.preview_image).toBe(
      `${SITE}/?img=4`
    )
  })

  it('treats a missing or null media object as no media', () => {
    const none = {
      thumbnail: null,
      preview_image: null,
      preview_video: null,
      preview_audio: null,
      screenshots: []
    }
    expect(item(specItem({ media: null })).media).toEqual(none)
    expect(item(without(specItem(), 'media')).media).toEqual(none)
  })

  it('keeps a demo_link that is the site root (a link, not an image) but drops unsafe ones', () => {
    expect(item(specItem({ demo_link: `${SITE}/` })).demo_link).toBe(`${SITE}/`)
    expect(item(specItem({ demo_link: 'https://demo.example/preview?theme=dark' })).demo_link).toBe(
      'https://demo.example/preview?theme=dark'
    )
    expect(item(specItem({ demo_link: 'javascript:alert(1)' })).demo_link).toBeNull()
    expect(item(specItem({ demo_link: null })).demo_link).toBeNull()
    expect(item(without(specItem(), 'demo_link')).demo_link).toBeNull()
  })
})

describe('item: other fields', () => {
  it('accepts an id sent as a numeric string and refuses anything else, naming item.id', () => {
    expect(item(specItem({ id: '205' })).id).toBe(205)
    for (const id of ['abc', 1.5, null, '', '12a']) {
      expect(parseItemResponse({ item: specItem({ id }) })).toEqual({
        ok: false,
        field: 'item.id',
        message: 'item.id: expected an integer id'
      })
    }
    expect(parseItemResponse({ item: without(specItem(), 'id') })).toMatchObject({
      ok: false,
      field: 'item.id'
    })
  })

  it('keeps a null sub_category and currency, and defaults missing text to empty', () => {
    const value = item({
      id: 1,
      price: { regular: 1, extended: 2 },
      sub_category: null,
      currency: null
    })
    expect(value).toMatchObject({
      name: '',
      description: '',
      category: '',
      sub_category: null,
      currency: null,
      published_at: null
    })
  })

  it.each([
    ['2024-03-02T14:05:51.000000Z', '2024-03-02T14:05:51.000Z'],
    ['2024-03-02T14:05:51.123456Z', '2024-03-02T14:05:51.123Z'],
    ['2024-03-02 14:05:51', '2024-03-02T14:05:51.000Z'],
    ['2024-03-02 14:05:51.5', '2024-03-02T14:05:51.500Z'],
    ['2024-03-02T14:05:51', '2024-03-02T14:05:51.000Z'],
    ['2024-03-02T16:05:51+02:00', '2024-03-02T14:05:51.000Z'],
    ['2024-03-02T16:05:51+0200', '2024-03-02T14:05:51.000Z'],
    ['2024-03-02T09:05:51-05', '2024-03-02T14:05:51.000Z'],
    ['2024-03-02', '2024-03-02T00:00:00.000Z'],
    ['0000-00-00 00:00:00', null],
    ['', null],
    [null, null]
  ])('reads published_at %j as %j', (published_at, expected) => {
    expect(item(specItem({ published_at })).published_at).toBe(expected)
  })

  it.each([['yesterday'], ['March 2, 2024'], ['2024-13-45T00:00:00Z'], ['1709388351']])(
    'refuses published_at %j',
    (published_at) => {
      const r = parseItemResponse({ item: specItem({ published_at }) })
      expect(r).toEqual({
        ok: false,
        field: 'item.published_at',
        message: `item.published_at: expected an ISO 8601 timestamp, got ${JSON.stringify(published_at)}`
      })
    }
  )

  it('cuts a huge raw value short in the message', () => {
    const r = parseItemResponse({
      item: specItem({ price: { regular: 'x'.repeat(5000), extended: 1 } })
    })
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.field).toBe('item.price.regular')
      expect(r.message.length).toBeLessThan(100)
      expect(r.message.endsWith('...')).toBe(true)
    }
  })
})
