import { describe, expect, it } from 'vitest'
import { defaultMediaDir } from '../../electron/demo/media-dir'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { demo } from './helpers'

describe('demo data', () => {
  it('is deterministic for a seed and differs between seeds', async () => {
    const a = await demo({ seed: 7 })
    const b = await demo({ seed: 7 })
    const c = await demo({ seed: 8 })
    expect(a.apiKey).toBe(b.apiKey)
    expect(a.sampleCodes).toEqual(b.sampleCodes)
    expect(a.data).toEqual(b.data)
    expect(c.apiKey).not.toBe(a.apiKey)
    expect(c.sampleCodes.valid).not.toBe(a.sampleCodes.valid)
  })

  it('has keys and codes in real-install formats, and the sample codes mean what they say', async () => {
    const s = await demo()
    expect(s.apiKey).toMatch(/^[0-9a-f]{64}$/)
    expect(s.buyerKey).toMatch(/^[0-9a-f]{64}$/)
    expect(s.buyerKey).not.toBe(s.apiKey)
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    for (const code of [...Object.values(s.sampleCodes), ...s.data.purchases.map((p) => p.code)])
      expect(code).toMatch(uuid)
    const byCode = new Map(s.data.purchases.map((p) => [p.code, p]))
    const now = Date.now()
    expect(Date.parse(byCode.get(s.sampleCodes.valid)!.supported_until!)).toBeGreaterThan(now)
    expect(Date.parse(byCode.get(s.sampleCodes.expired)!.supported_until!)).toBeLessThan(now)
    expect(byCode.get(s.sampleCodes.noSupport)!.supported_until).toBeNull()
    expect(byCode.has(s.sampleCodes.invalid)).toBe(false)
    expect(new Set(s.data.purchases.map((p) => p.code)).size).toBe(s.data.purchases.length)
  })

  it('seeds a varied catalogue and purchase book', async () => {
    const s = await demo()
    const items = s.data.items
    expect(items.length).toBeGreaterThanOrEqual(24)
    for (const kind of ['image', 'video', 'audio'] as const)
      expect(items.filter((i) => i.kind === kind).length).toBeGreaterThanOrEqual(5)
    expect(items.some((i) => i.version === null) && items.some((i) => i.version !== null)).toBe(
      true
    )
    expect(items.some((i) => i.demo_link === null) && items.some((i) => i.demo_link !== null)).toBe(
      true
    )
    expect(
      items.some((i) => i.options === null) &&
        items.some((i) => i.options !== null && Object.keys(i.options).length > 0)
    ).toBe(true)
    expect(items.filter((i) => /<script>/.test(i.description))).toHaveLength(1)
    const active = s.data.purchases.filter((p) => p.state === 'active')
    expect(active.length).toBeGreaterThanOrEqual(40)
    expect(
      active.some((p) => p.license === 'extended') && active.some((p) => p.license === 'regular')
    ).toBe(true)
    expect(active.some((p) => p.downloaded) && active.some((p) => !p.downloaded)).toBe(true)
  })

  it('finds its media folder from source', () => {
    const dir = defaultMediaDir()
    expect(existsSync(join(dir, 'thumbs', '0.jpg'))).toBe(true)
    expect(existsSync(join(dir, 'video', '0.webm'))).toBe(true)
  })
})
