import { describe, expect, it } from 'vitest'
import { parseItemsResponse } from '../../electron/main/marketplace/wire/normalise'
import { demo, get } from './helpers'

describe('demo server at size 10,000', () => {
  for (const mode of ['spec', 'real'] as const) {
    it(`serves all 10,000 items (${mode} mode), parsed by the app`, async () => {
      const s = await demo({ mode, size: 10_000 })
      expect(s.data.items).toHaveLength(10_000)
      expect(new Set(s.data.items.map((i) => i.id)).size).toBe(10_000)
      const r = await get(s, '/api/items/all', { api_key: s.apiKey })
      expect(r.status).toBe(200)
      const parsed = parseItemsResponse(r.json)
      if (!parsed.ok) throw new Error(parsed.message)
      expect(parsed.value).toHaveLength(10_000)
      expect(parsed.skipped).toEqual([])
      expect(new Set(parsed.value.map((i) => i.name)).size).toBe(10_000)
      expect(new Set(parsed.value.map((i) => i.kind))).toEqual(new Set(['image', 'video', 'audio']))
      // The hand-written items come first in the data; generated ones follow.
      const last = s.data.items[9_999]!
      const one = await get(s, '/api/items/item', { api_key: s.apiKey, item_id: String(last.id) })
      expect(one.status).toBe(200)
      // A second request is served from the same body.
      expect((await get(s, '/api/items/all', { api_key: s.apiKey })).text).toBe(r.text)
    })
  }

  it('keeps a small size to that many items', async () => {
    const s = await demo({ size: 3 })
    const parsed = parseItemsResponse((await get(s, '/api/items/all', { api_key: s.apiKey })).json)
    expect(parsed.ok && parsed.value.map((i) => i.id)).toEqual(s.data.items.map((i) => i.id))
    expect(s.data.items).toHaveLength(3)
  })
})
