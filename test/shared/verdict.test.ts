import { describe, expect, it } from 'vitest'
import type { BulkResult, HistoryEntry } from '../../shared/ipc/contract'
import {
  countVerdicts,
  verdictOfBulk,
  verdictOfEntry,
  verdictOfValidation
} from '../../shared/verdict'
import { invalidResult, validResult } from '../support/model-fixtures'

const now = new Date('2024-05-03T12:00:00.000Z')
const A = '1f0e2d3c-4b5a-4697-8877-665544332211'

function withSupport(until: string | null) {
  const v = validResult(A, '2024-05-01T10:00:00.000Z')
  if (!v.valid) throw new Error('valid fixture expected')
  return { ...v, purchase: { ...v.purchase, supported_until: until } }
}

const bulk = (over: Partial<BulkResult>): BulkResult => ({
  code: A,
  looksLikeUuid: true,
  status: 'pending',
  itemId: null,
  itemName: null,
  license: null,
  supportedUntil: null,
  message: null,
  errorKind: null,
  flag: null,
  ...over
})

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  code: A,
  valid: true,
  checkedAt: '2024-05-01T10:00:00.000Z',
  message: null,
  license: 'Regular',
  itemId: 7,
  itemName: 'Item 7',
  supportedUntil: null,
  price: 19,
  currency: 'USD',
  downloaded: true,
  flag: null,
  ...over
})

describe('one verdict model', () => {
  it('tells the three valid states apart by support, judged now', () => {
    expect(verdictOfValidation(withSupport('2024-05-13T13:00:00.000Z'), { now })).toEqual({
      state: 'supported',
      label: 'Valid · support active',
      detail: 'Support active · 10 days left',
      tone: 'ok'
    })
    expect(verdictOfValidation(withSupport('2024-05-03T18:00:00.000Z'), { now }).detail).toBe(
      'Support active · ends today'
    )
    expect(verdictOfValidation(withSupport('2024-04-01T00:00:00.000Z'), { now })).toEqual({
      state: 'support-expired',
      label: 'Valid · support expired',
      detail: 'Support expired 2024-04-01',
      tone: 'warn'
    })
    expect(verdictOfValidation(withSupport(null), { now })).toMatchObject({
      state: 'no-support',
      label: 'Valid · no support',
      // Neither buyer gets support: amber like an expired one, told apart by words and icon.
      tone: 'warn'
    })
  })

  it('gives a check the same verdict whether it is a card, a history row or a bulk row', () => {
    const until = '2024-04-01T00:00:00.000Z'
    const card = verdictOfValidation(withSupport(until), { now })
    const row = verdictOfEntry(entry({ supportedUntil: until }), { now })
    const inBulk = verdictOfBulk(bulk({ status: 'valid', supportedUntil: until }), true, { now })
    expect(row).toEqual(card)
    expect(inBulk).toEqual(card)

    const notValid = verdictOfValidation(invalidResult(A, '2024-05-01T10:00:00.000Z'), { now })
    expect(notValid).toMatchObject({ state: 'not-valid', label: 'Not valid', tone: 'danger' })
    expect(
      verdictOfEntry(entry({ valid: false, message: 'Invalid purchase code' }), { now })
    ).toEqual(notValid)
  })

  it('says why a bulk code has no verdict: waiting while the job runs, not checked after', () => {
    expect(verdictOfBulk(bulk({}), false, { now }).state).toBe('waiting')
    expect(verdictOfBulk(bulk({}), true, { now })).toMatchObject({
      state: 'not-checked',
      label: 'Not checked',
      detail: 'The check was cancelled before this code was sent.'
    })
    expect(
      verdictOfBulk(
        bulk({ status: 'error', message: 'The marketplace could not be reached.' }),
        true,
        {
          now
        }
      )
    ).toMatchObject({ state: 'not-checked', detail: 'The marketplace could not be reached.' })
  })

  it('counts each state', () => {
    const counts = countVerdicts([
      verdictOfValidation(withSupport(null), { now }),
      verdictOfValidation(withSupport(null), { now }),
      verdictOfBulk(bulk({}), true, { now })
    ])
    expect(counts['no-support']).toBe(2)
    expect(counts['not-checked']).toBe(1)
    expect(counts.supported).toBe(0)
  })
})
