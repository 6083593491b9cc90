import { describe, expect, it } from 'vitest'
import { MAX_SCANNED_TEXT, normalisePurchaseCode, scanForCode } from '../../shared/purchase-code'

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

describe('scanForCode', () => {
  const OTHER = '00000000-1111-4222-8333-444444444444'

  it('takes the code out of a sentence or a labelled block, and says it did', () => {
    expect(scanForCode(`Purchase code: ${UUID.toUpperCase()} (thanks!)`)).toEqual({
      cut: false,
      kind: 'one',
      code: UUID,
      looksLikeUuid: true,
      extracted: true
    })
    expect(scanForCode(`Code:\n${UUID}\n`)).toMatchObject({ kind: 'one', code: UUID })
    expect(scanForCode(`code:${UUID}`)).toMatchObject({ kind: 'one', code: UUID, extracted: true })
  })

  it('checks a code-shaped token at once, and asks first about any other token', () => {
    expect(scanForCode(`  "${UUID}" `)).toMatchObject({ kind: 'one', code: UUID, extracted: false })
    // An order number is not a purchase code: never checked without the seller's "Check anyway".
    expect(scanForCode('ORDER-7781-ABCD')).toEqual({
      cut: false,
      kind: 'none',
      text: 'order-7781-abcd'
    })
    expect(scanForCode('ABC123DEF456')).toEqual({
      cut: false,
      kind: 'none',
      text: 'abc123def456'
    })
    // The docs' 35-character dash-grouped example is code-shaped (checked, with a warning).
    expect(scanForCode('86781236-23d0-4b3c-7dfa-c1c147e0dece1')).toMatchObject({
      kind: 'one',
      looksLikeUuid: false
    })
  })

  it('offers every code when the text holds several, the first for a single check', () => {
    expect(scanForCode(`${UUID}\n${OTHER}, ${UUID}`)).toEqual({
      cut: false,
      kind: 'many',
      code: UUID,
      looksLikeUuid: true,
      codes: [UUID, OTHER]
    })
  })

  it('says when nothing code-shaped is there', () => {
    expect(scanForCode('hello')).toEqual({ cut: false, kind: 'none', text: 'hello' })
    expect(scanForCode('Thanks for the help, see you 2024-05-01')).toMatchObject({ kind: 'none' })
    expect(scanForCode(' \u200b ')).toEqual({ cut: false, kind: 'none', text: '' })
  })

  it('searches only the first 100,000 characters of a huge paste, and says so', () => {
    const log = `${'x'.repeat(MAX_SCANNED_TEXT - 100)} code: ${UUID} ${'y'.repeat(10_000_000)}`
    expect(scanForCode(log)).toMatchObject({ cut: true, kind: 'one', code: UUID })
    // Ten million characters on one line, the code past the cut: none, and no RangeError.
    expect(scanForCode(`${'a-b-c-d-'.repeat(1_250_000)}${UUID}`)).toMatchObject({
      cut: true,
      kind: 'none'
    })
    expect(scanForCode(UUID)).toMatchObject({ cut: false, kind: 'one' })
  })
})
