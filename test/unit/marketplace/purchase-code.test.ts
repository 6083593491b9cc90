import { describe, expect, it } from 'vitest'
import { normalisePurchaseCode } from '../../../electron/main/marketplace'

const UUID = '3f2a9c1e-8b7d-4e6f-a5b4-c3d2e1f0a9b8'

describe('normalisePurchaseCode', () => {
  it('trims, lower-cases and strips surrounding quotes of every common kind', () => {
    expect(normalisePurchaseCode(`  ${UUID.toUpperCase()}  `)).toEqual({
      code: UUID,
      looksLikeUuid: true
    })
    expect(normalisePurchaseCode(`"${UUID}"`).code).toBe(UUID)
    expect(normalisePurchaseCode(`'${UUID}'`).code).toBe(UUID)
    expect(normalisePurchaseCode(`\u201c ${UUID} \u201d`).code).toBe(UUID)
    expect(normalisePurchaseCode(`\`"${UUID}"\``).code).toBe(UUID)
    expect(normalisePurchaseCode(`\u200b${UUID}\ufeff\n`).code).toBe(UUID)
  })

  it('flags but keeps codes that are not UUIDs (the docs show a 35-character example)', () => {
    expect(normalisePurchaseCode('ABCD-1234-EFGH-5678-IJKL-9012-MNOP-3')).toEqual({
      code: 'abcd-1234-efgh-5678-ijkl-9012-mnop-3',
      looksLikeUuid: false
    })
    expect(normalisePurchaseCode(`${UUID}x`).looksLikeUuid).toBe(false)
  })

  it('leaves a lone quote and inner text alone', () => {
    expect(normalisePurchaseCode('"abc').code).toBe('"abc')
    expect(normalisePurchaseCode('a "b" c').code).toBe('a "b" c')
    expect(normalisePurchaseCode('  ').code).toBe('')
  })
})
