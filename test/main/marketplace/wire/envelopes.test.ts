import { describe, expect, it } from 'vitest'
import {
  accountEnvelope,
  fieldOf,
  itemEnvelope,
  itemsEnvelope,
  payloadPresence,
  purchaseEnvelope
} from '../../../../electron/main/marketplace/wire/envelopes'
import { realItem, specAccount, specItem, specPurchase } from './fixtures'

// The body schemas used directly, as a script importing `shared/` would: they yield
// normalised data, ignore keys they do not know, and their issue paths start at the body.

const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => fieldOf(i.path))

describe('envelope schemas', () => {
  it('ignore unknown top-level keys a real install adds (real-installs §33)', () => {
    const extra = { status: 'success', meta: { took: 3 }, debug: null, links: [] }
    const account = accountEnvelope.parse({ ...extra, data: specAccount() })
    expect(account.balance).toBe(1520.75)
    expect(itemEnvelope.parse({ ...extra, item: specItem({ id: 9 }) }).id).toBe(9)
    expect(itemsEnvelope.parse({ ...extra, items: [realItem({ id: 4 })] }).items[0]!.id).toBe(4)
    expect(purchaseEnvelope.parse({ ...extra, data: { purchase: specPurchase() } }).price).toBe(
      specPurchase().price
    )
  })

  it('yield the normalised types, not the wire shapes', () => {
    const item = itemEnvelope.parse({ item: realItem({ tags: 'a, b', version: 2 }) })
    expect(item.tags).toEqual(['a', 'b'])
    expect(item.version).toBe('2')
    const purchase = purchaseEnvelope.parse({ item: specPurchase({ license_type: 'Extended' }) })
    expect(purchase.license).toBe('extended')
  })

  it('name the field from the body down', () => {
    expect(issuesOf(accountEnvelope.safeParse({ data: specAccount({ balance: 'x' }) }))).toEqual([
      'data.balance'
    ])
    expect(issuesOf(itemEnvelope.safeParse({ item: specItem({ price: null }) }))).toEqual([
      'item.price'
    ])
    expect(issuesOf(itemsEnvelope.safeParse({ items: [specItem({ id: 'seven' })] }))).toEqual([
      'items[0].id'
    ])
    expect(issuesOf(purchaseEnvelope.safeParse({ item: specPurchase({ price: [] }) }))).toEqual([
      'item.price'
    ])
    expect(issuesOf(accountEnvelope.safeParse('<html>'))).toEqual(['(root)'])
  })

  it('keep the spec key authoritative: a broken data.purchase is not rescued by item', () => {
    const r = purchaseEnvelope.safeParse({
      data: { purchase: specPurchase({ price: 'n/a' }) },
      item: specPurchase()
    })
    expect(r.success).toBe(false)
    expect(issuesOf(r)).toEqual(['data.purchase.price'])
  })

  it('items: the first surviving error names the first broken item, not a later one', () => {
    const r = itemsEnvelope.safeParse({
      items: [null, specItem({ published_at: 'soon' })]
    })
    expect(issuesOf(r)).toEqual(['items[0]'])
  })
})

describe('payloadPresence', () => {
  it.each([
    ['account', { data: specAccount() }, true],
    ['account', { data: [] }, false],
    ['account', { data: 'ok' }, false],
    ['items', { items: [] }, true],
    ['items', { items: { 0: specItem() } }, false],
    ['item', { item: [specItem()] }, false],
    ['purchase', { data: { purchase: null } }, true],
    ['purchase', { data: {} }, false],
    ['purchase', { data: [], item: 'x' }, false]
  ] as const)('%s in %j: %s', (operation, body, expected) => {
    expect(payloadPresence[operation].safeParse(body).success).toBe(expected)
  })
})
