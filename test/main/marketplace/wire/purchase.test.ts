import { describe, expect, it } from 'vitest'
import type { Purchase } from '../../../../shared/model'
import {
  hasPayload,
  messageOf,
  parsePurchaseResponse
} from '../../../../electron/main/marketplace/wire/normalise'
import { licenseOf } from '../../../../electron/main/marketplace/wire/account'
import { realItem, specItem, specPurchase, without } from './fixtures'

function purchase(raw: unknown): Purchase {
  const r = parsePurchaseResponse({ status: 'success', data: { purchase: raw } })
  if (!r.ok) throw new Error(`expected the purchase to parse, got ${r.field}: ${r.message}`)
  return r.value
}

describe('purchase: where it comes (real-installs §17)', () => {
  it('reads the spec shape under data.purchase', () => {
    const r = parsePurchaseResponse({ status: 'success', data: { purchase: specPurchase() } })
    expect(r).toEqual({
      ok: true,
      value: {
        purchase_code: '3f2a1b4c-5d6e-4f70-8192-a3b4c5d6e7f8',
        license_type: 'Regular',
        license: 'regular',
        price: 24,
        currency: 'USD',
        item: expect.objectContaining({ id: 101, name: 'Dashboard Kit', kind: 'image' }),
        supported_until: '2025-03-02T14:05:51.000Z',
        downloaded: true,
        date: '2024-03-02T14:05:51.000Z'
      }
    })
  })

  it('reads a real install purchase under item, with the item at item.item', () => {
    const raw = specPurchase({
      item: realItem({ id: 77 }),
      license_type: 'Extended',
      price: '120',
      downloaded: 1
    })
    const r = parsePurchaseResponse({ status: 'success', item: raw })
    expect(r.ok).toBe(true)
    if (r.ok) {
      expect(r.value.item.id).toBe(77)
      expect(r.value.item.tags).toEqual(['admin', 'dashboard', 'dark mode'])
      expect(r.value).toMatchObject({ license: 'extended', price: 120, downloaded: true })
    }
  })

  it('prefers data.purchase when both keys are present', () => {
    const r = parsePurchaseResponse({
      data: { purchase: specPurchase({ price: 1 }) },
      item: specPurchase({ price: 2 })
    })
    expect(r.ok && r.value.price).toBe(1)
  })

  it('names the field under whichever key the purchase came', () => {
    expect(parsePurchaseResponse({ item: specPurchase({ item: specItem({ id: 'x' }) }) })).toEqual({
      ok: false,
      field: 'item.item.id',
      message: 'item.item.id: expected an integer id'
    })
    expect(parsePurchaseResponse({ data: { purchase: specPurchase({ price: 'n/a' }) } })).toEqual({
      ok: false,
      field: 'data.purchase.price',
      message: 'data.purchase.price: expected a number, got "n/a"'
    })
    expect(
      parsePurchaseResponse({ data: { purchase: specPurchase({ item: null }) } })
    ).toMatchObject({
      ok: false,
      field: 'data.purchase.item'
    })
  })

  it('reports a missing purchase as data.purchase', () => {
    const expected = {
      ok: false,
      field: 'data.purchase',
      message: 'data.purchase: expected a purchase object'
    }
    expect(parsePurchaseResponse({ status: 'error', msg: 'Invalid purchase code' })).toEqual(
      expected
    )
    expect(parsePurchaseResponse({ status: 'success', data: { purchase: null } })).toEqual(expected)
    expect(parsePurchaseResponse({ status: 'success', data: {} })).toEqual(expected)
    expect(parsePurchaseResponse({ status: 'success', item: 'nope' })).toEqual(expected)
  })

  it.each([
    ['null', null],
    ['an HTML string', '<html><head><title>Redirecting</title></head></html>'],
    ['true', true]
  ])('refuses %s as the body', (_label, body) => {
    expect(parsePurchaseResponse(body)).toEqual({
      ok: false,
      field: '(root)',
      message: '(root): expected a JSON object'
    })
  })
})

describe('purchase.license_type (real-installs §32)', () => {
  it.each([
    ['Regular', 'regular'],
    ['regular license', 'regular'],
    ['Licencia regular', 'regular'],
    ['Licence régulière', 'regular'],
    ['Regulär', 'regular'],
    ['1', 'regular'],
    ['Extended', 'extended'],
    ['Extendida', 'extended'],
    ['Licencia extendida', 'extended'],
    ['Licence étendue', 'extended'],
    ['Erweiterte Lizenz', 'extended'],
    ['EXTENDED LICENSE', 'extended'],
    ['2', 'extended'],
    ['Premium', 'unknown'],
    ['irregular', 'unknown'],
    ['', 'unknown']
  ])('maps %j to %s', (raw, expected) => {
    expect(licenseOf(raw)).toBe(expected)
  })

  it('keeps the raw text next to the mapped licence', () => {
    expect(purchase(specPurchase({ license_type: 'Licencia regular' }))).toMatchObject({
      license_type: 'Licencia regular',
      license: 'regular'
    })
    expect(purchase(specPurchase({ license_type: 'Lizenz Typ B' }))).toMatchObject({
      license_type: 'Lizenz Typ B',
      license: 'unknown'
    })
    expect(purchase(specPurchase({ license_type: 1 }))).toMatchObject({
      license_type: '1',
      license: 'regular'
    })
    expect(purchase(specPurchase({ license_type: null }))).toMatchObject({
      license_type: '',
      license: 'unknown'
    })
    expect(purchase(without(specPurchase(), 'license_type'))).toMatchObject({
      license_type: '',
      license: 'unknown'
    })
  })
})

describe('purchase: other fields', () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['1', true],
    ['0', false],
    ['true', true],
    ['false', false],
    [null, false]
  ])('reads downloaded %j as %j', (downloaded, expected) => {
    expect(purchase(specPurchase({ downloaded })).downloaded).toBe(expected)
  })

  it('reads a missing downloaded as false and refuses anything else, naming the field', () => {
    expect(purchase(without(specPurchase(), 'downloaded')).downloaded).toBe(false)
    for (const downloaded of [2, 'yes', [], {}]) {
      expect(parsePurchaseResponse({ data: { purchase: specPurchase({ downloaded }) } })).toEqual({
        ok: false,
        field: 'data.purchase.downloaded',
        message: 'data.purchase.downloaded: expected true or false'
      })
    }
  })

  it('reads supported_until absent, null, in the past and with microseconds', () => {
    expect(purchase(without(specPurchase(), 'supported_until')).supported_until).toBeNull()
    expect(purchase(specPurchase({ supported_until: null })).supported_until).toBeNull()
    expect(
      purchase(specPurchase({ supported_until: '2019-01-01T00:00:00.000000Z' })).supported_until
    ).toBe('2019-01-01T00:00:00.000Z')
    expect(purchase(specPurchase({ date: '2024-03-02 14:05:51' })).date).toBe(
      '2024-03-02T14:05:51.000Z'
    )
  })

  it('reads price with float artefacts or as a string, and a null currency', () => {
    expect(purchase(specPurchase({ price: 21.099999999999998, currency: null }))).toMatchObject({
      price: 21.1,
      currency: null
    })
    expect(purchase(specPurchase({ price: ' 59.00 ' })).price).toBe(59)
  })

  it('trims the purchase code and accepts a numeric one', () => {
    expect(purchase(specPurchase({ purchase_code: ' abc-123 ' })).purchase_code).toBe('abc-123')
    expect(purchase(specPurchase({ purchase_code: 12345 })).purchase_code).toBe('12345')
    expect(
      parsePurchaseResponse({ data: { purchase: without(specPurchase(), 'purchase_code') } })
    ).toEqual({
      ok: false,
      field: 'data.purchase.purchase_code',
      message: 'data.purchase.purchase_code: expected a purchase code'
    })
  })

  it('drops unknown extra fields', () => {
    const value = purchase({ ...specPurchase(), buyer: 'bob', refund: null })
    expect(Object.keys(value).sort()).toEqual(
      [
        'date',
        'downloaded',
        'item',
        'license',
        'license_type',
        'price',
        'purchase_code',
        'currency',
        'supported_until'
      ].sort()
    )
  })
})

describe('hasPayload and messageOf', () => {
  it('says which operation body carries its payload', () => {
    expect(hasPayload('account', { data: {} })).toBe(true)
    expect(hasPayload('account', { data: null })).toBe(false)
    expect(hasPayload('items', { items: [] })).toBe(true)
    expect(hasPayload('items', { items: {} })).toBe(false)
    expect(hasPayload('item', { item: {} })).toBe(true)
    expect(hasPayload('item', { items: [] })).toBe(false)
    expect(hasPayload('purchase', { data: { purchase: {} } })).toBe(true)
    expect(hasPayload('purchase', { item: {} })).toBe(true)
    expect(hasPayload('purchase', { status: 'error', msg: 'Invalid purchase code' })).toBe(false)
    for (const body of [null, '<html>', 3, []]) expect(hasPayload('account', body)).toBe(false)
  })

  it('returns the server text as sent, from msg or message', () => {
    expect(messageOf({ status: 'error', msg: 'Código de compra no válido' })).toBe(
      'Código de compra no válido'
    )
    expect(messageOf({ message: ' Too Many Attempts. ' })).toBe('Too Many Attempts.')
    expect(messageOf({ message: '' })).toBeNull()
    expect(messageOf({ msg: 5 })).toBeNull()
    expect(messageOf('<html>')).toBeNull()
    expect(messageOf(null)).toBeNull()
  })
})
