import { describe, expect, it } from 'vitest'
import { ItemSchema } from '../../../../shared/model'
import {
  parseItemResponse,
  parseItemsResponse
} from '../../../../electron/main/marketplace/wire/normalise'
import { realItem, specItem, without } from './fixtures'

describe('parseItemsResponse', () => {
  it('normalises a list mixing spec and real-install items, in order', () => {
    const r = parseItemsResponse({
      status: 'success',
      items: [specItem({ id: 3 }), realItem({ id: 2 }), specItem({ id: '1' })]
    })
    expect(r.ok).toBe(true)
    if (r.ok) {
      expect(r.value.map((i) => i.id)).toEqual([3, 2, 1])
      expect(r.skipped).toEqual([])
    }
  })

  it('accepts an empty list', () => {
    expect(parseItemsResponse({ status: 'success', items: [] })).toEqual({
      ok: true,
      value: [],
      skipped: []
    })
  })

  it('keeps the valid items and reports each skipped one with its index and exact field', () => {
    const r = parseItemsResponse({
      items: [
        specItem({ id: 1 }),
        specItem({ id: 2, published_at: 'soon' }),
        specItem({ id: 3, price: { regular: 'abc', extended: 1 } }),
        'not an item',
        specItem({ id: 5 })
      ]
    })
    expect(r).toEqual({
      ok: true,
      value: [expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 5 })],
      skipped: [
        {
          index: 1,
          field: 'items[1].published_at',
          message: 'items[1].published_at: expected an ISO 8601 timestamp, got "soon"'
        },
        {
          index: 2,
          field: 'items[2].price.regular',
          message: 'items[2].price.regular: expected a number, got "abc"'
        },
        { index: 3, field: 'items[3]', message: 'items[3]: expected an item object' }
      ]
    })
  })

  it('leaves out only the item whose price is too large to hold, and the rest stay storable', () => {
    const r = parseItemsResponse({
      items: [
        specItem({ id: 1 }),
        specItem({ id: 2, price: { regular: 1e305, extended: 1 } }),
        specItem({ id: 3, price: { regular: 5, extended: '-2e300' } }),
        specItem({ id: 4, price: { regular: 999_999_999_999.99, extended: 1 } })
      ]
    })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.map((i) => i.id)).toEqual([1, 4])
    expect(r.skipped.map((s) => s.message)).toEqual([
      'items[1].price.regular: expected a number below 1,000,000,000,000, got 1e+305',
      'items[2].price.extended: expected a number below 1,000,000,000,000, got "-2e300"'
    ])
    // What is kept is what the cache accepts: one bad value no longer costs the whole list.
    for (const item of r.value) expect(() => ItemSchema.parse(item)).not.toThrow()
  })

  it('fails with the first bad field when no item survives', () => {
    expect(
      parseItemsResponse({ items: [without(specItem(), 'id'), specItem({ price: null })] })
    ).toEqual({
      ok: false,
      field: 'items[0].id',
      message: 'items[0].id: expected an integer id'
    })
  })

  it('names items when the list is missing or not a list', () => {
    const expected = { ok: false, field: 'items', message: 'items: expected a list of items' }
    expect(parseItemsResponse({ status: 'error', msg: 'No Items Found' })).toEqual(expected)
    expect(parseItemsResponse({ items: { '0': specItem() } })).toEqual(expected)
    expect(parseItemsResponse({ items: null })).toEqual(expected)
  })

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an HTML page', '<!DOCTYPE html><html><body><h1>Welcome</h1></body></html>'],
    ['a list', [specItem()]]
  ])('refuses %s as the body', (_label, body) => {
    expect(parseItemsResponse(body)).toEqual({
      ok: false,
      field: '(root)',
      message: '(root): expected a JSON object'
    })
  })
})

describe('parseItemsResponse consuming the body', () => {
  const bodies = (): Array<[string, unknown]> => [
    ['a good list', { items: [specItem({ id: 3 }), realItem({ id: 2 })] }],
    ['an empty list', { items: [] }],
    ['a mixed list', { items: [specItem({ id: 1 }), 'not an item', specItem({ id: 5 })] }],
    ['nothing good', { items: [without(specItem(), 'id'), specItem({ price: null })] }],
    ['no list', { status: 'error', msg: 'No Items Found' }],
    ['a list as the body', [specItem()]]
  ]

  it.each(bodies().map(([label]) => label))('gives the same verdict for %s', (label) => {
    const [, plain] = bodies().find(([l]) => l === label)!
    const [, consumed] = bodies().find(([l]) => l === label)!
    expect(parseItemsResponse(consumed, { consume: true })).toEqual(parseItemsResponse(plain))
  })

  it('lets go of each raw item once read, and leaves the body alone without it', () => {
    const kept = { items: [specItem({ id: 1 }), specItem({ id: 2 })] }
    parseItemsResponse(kept)
    expect(kept.items.map((i) => i.id)).toEqual([1, 2])
    const body = { items: [specItem({ id: 1 }), 'broken', specItem({ id: 2 })] }
    const r = parseItemsResponse(body, { consume: true })
    expect(r.ok && r.value.map((i) => i.id)).toEqual([1, 2])
    expect(body.items).toEqual([undefined, undefined, undefined])
  })
})

describe('parseItemResponse: the envelope', () => {
  it('names item when the payload is missing or not an object', () => {
    const expected = { ok: false, field: 'item', message: 'item: expected an item object' }
    expect(parseItemResponse({ status: 'error', msg: 'Item Not Found' })).toEqual(expected)
    expect(parseItemResponse({ item: [specItem()] })).toEqual(expected)
    expect(parseItemResponse({ item: null })).toEqual(expected)
  })

  it.each([
    ['null', null],
    ['an HTML page', '<html></html>'],
    ['a number', 500]
  ])('refuses %s as the body', (_label, body) => {
    expect(parseItemResponse(body)).toEqual({
      ok: false,
      field: '(root)',
      message: '(root): expected a JSON object'
    })
  })

  it('ignores the status text: decide by payload (real-installs §11)', () => {
    expect(parseItemResponse({ status: '', item: specItem() }).ok).toBe(true)
    expect(parseItemResponse({ status: 'error', item: specItem() }).ok).toBe(true)
  })
})
