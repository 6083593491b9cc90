import { describe, expect, it } from 'vitest'
import { interpret, type Answer } from '../../../electron/main/marketplace/interpret'

const ctx = { basePath: '', apiKey: 'k'.repeat(32), now: 0 }
const answer = (status: number, text: string): Answer => ({
  status,
  headers: new Headers({ 'Content-Type': 'application/json' }),
  body: new TextEncoder().encode(text),
  url: new URL('https://shop.example/api/items/all')
})

describe('interpret: the item list', () => {
  const list = '{"status":"success","items":[{"id":1},{"id":2,"n":"é"}],"page":1}'

  it('hands a plain list over item by item, not decoded whole', () => {
    const reading = interpret('items', answer(200, list), ctx)
    expect(reading).toMatchObject({
      type: 'payload',
      body: { status: 'success', items: [], page: 1 }
    })
    if (reading.type !== 'payload' || !reading.items) throw new Error('not read item by item')
    expect(reading.items.count).toBe(2)
    expect(reading.items.item(1)).toEqual({ id: 2, n: 'é' })
    // The whole decode, for when an item turns out not to be JSON.
    expect(reading.items.whole()).toEqual({ type: 'payload', body: JSON.parse(list) })
  })

  it('decodes anything else whole, as before', () => {
    for (const [operation, status, text] of [
      ['items', 200, '{"status":"error","msg":"No Items Found"}'],
      ['items', 200, '[{"items":[1]}]'],
      ['item', 200, '{"item":{"id":1},"items":[]}']
    ] as const) {
      const reading = interpret(operation, answer(status, text), ctx)
      expect(reading.type === 'payload' && reading.items).toBeFalsy()
    }
    expect(interpret('items', answer(200, list), { ...ctx, scan: false })).toEqual({
      type: 'payload',
      body: JSON.parse(list)
    })
    expect(() => interpret('items', answer(200, '{"items":[1,]}'), ctx)).toThrow(/JSON/)
  })
})
