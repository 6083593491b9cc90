import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Result } from '../../../shared/errors'
import type { Validation } from '../../../shared/ipc/contract'
import { useValidate } from '../../../renderer/src/stores/validate'
import {
  deferred,
  err,
  historyEntry,
  installFakeBridge,
  ok,
  resetStores,
  samplePurchase
} from '../fake-bridge'

// Validate: the code is pulled out of whatever was pasted, sent once, and its verdict, or
// the reason there is none (with what the history knew of the code), is kept for the view.

const A = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const B = '8d2e4f60-1a3b-4c5d-8e9f-0a1b2c3d4e5f'

const validOf = (code: string): Validation => ({
  valid: true,
  purchase: samplePurchase({ purchase_code: code }),
  code,
  checkedAt: '2026-11-27T10:00:00.000Z'
})

beforeEach(() => {
  resetStores()
  useValidate.getState().reset()
})

describe('validate store', () => {
  it('checks the code found in an e-mail line and keeps the text for Bulk', async () => {
    const bridge = installFakeBridge()
    const text = `Purchase code: ${A} (thanks!)`
    await useValidate.getState().check(text)
    expect(bridge.calls.validatePurchase).toEqual([{ code: A }])
    const s = useValidate.getState()
    expect(s.input).toBe(A)
    expect(s.result?.code).toBe(A)
    expect(s.found).toEqual({ text, codes: [A] })
    expect(s.recent.map((v) => v.code)).toEqual([A])
  })

  it('says a text holds no code before sending anything, and sends one word anyway on request', async () => {
    const bridge = installFakeBridge()
    await useValidate.getState().check('hello there')
    expect(useValidate.getState().noCode).toBe('hello there')
    await useValidate.getState().check('hello there', { anyway: true })
    expect(bridge.validatePurchase).not.toHaveBeenCalled()

    await useValidate.getState().check('ABC123', { anyway: true })
    expect(bridge.validatePurchase).toHaveBeenCalledTimes(1)
    expect(useValidate.getState().noCode).toBeNull()
  })

  it('lists each code once in this session, newest first', async () => {
    installFakeBridge()
    await useValidate.getState().check(A)
    await useValidate.getState().check(B)
    await useValidate.getState().check(A)
    expect(useValidate.getState().recent.map((v) => v.code)).toEqual([A, B])
  })

  it('on a failure shows the error, when to retry, and what the history last said of this code', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000_000)
    const bridge = installFakeBridge({
      validatePurchase: async () => err('rate-limited', 'The marketplace asked to wait.', 30_000),
      listHistory: async () =>
        ok({
          // The search matches parts of codes too: only the exact code is this code's.
          entries: [historyEntry({ code: `${A}-other` }), historyEntry({ code: A.toUpperCase() })],
          total: 2
        })
    })
    await useValidate.getState().check(A)
    vi.restoreAllMocks()
    expect(bridge.calls.listHistory).toEqual([{ query: A, limit: 20 }])
    const s = useValidate.getState()
    expect(s).toMatchObject({ checking: false, result: null, retryAt: 1_030_000 })
    expect(s.error?.kind).toBe('rate-limited')
    expect(s.lastKnown?.code).toBe(A.toUpperCase())
  })

  it('retries the same code', async () => {
    const bridge = installFakeBridge({ validatePurchase: async () => err('offline', 'No answer.') })
    await useValidate.getState().check(A)
    installFakeBridge({ validatePurchase: bridge.validatePurchase })
    bridge.validatePurchase.mockImplementation(async (req) => ok(validOf(req.code)))
    await useValidate.getState().retry()
    expect(bridge.calls.validatePurchase).toEqual([{ code: A }, { code: A }])
    expect(useValidate.getState().result?.code).toBe(A)
  })

  it('drops the answer of a check overtaken by a verdict shown from elsewhere', async () => {
    const answer = deferred<Result<Validation>>()
    installFakeBridge({ validatePurchase: () => answer.promise })
    const pending = useValidate.getState().check(A)
    useValidate.getState().adopt(validOf(B))
    answer.resolve(ok(validOf(A)))
    await pending
    const s = useValidate.getState()
    expect(s.result?.code).toBe(B)
    expect(s.input).toBe(B)
    expect(s.recent.map((v) => v.code)).toEqual([B])
  })

  it('reads earlier lookups once, and again later only if that read failed', async () => {
    const bridge = installFakeBridge({
      listHistory: async () => err('no-connection', 'Connect a marketplace first.')
    })
    await useValidate.getState().loadEarlier()
    expect(useValidate.getState().earlierLoaded).toBe(false)
    bridge.listHistory.mockImplementation(async () => ok({ entries: [historyEntry()], total: 1 }))
    await useValidate.getState().loadEarlier()
    await useValidate.getState().loadEarlier()
    expect(bridge.calls.listHistory).toEqual([{ limit: 8 }, { limit: 8 }])
    expect(useValidate.getState().earlier).toHaveLength(1)
  })

  it("keeps the demo's sample codes, and none on a real marketplace", async () => {
    const samples = { valid: A, expired: B, noSupport: A, invalid: B }
    installFakeBridge({ getSampleCodes: async () => ok(samples) })
    await useValidate.getState().loadSamples()
    expect(useValidate.getState().samples).toEqual(samples)
    installFakeBridge({ getSampleCodes: async () => ok(null) })
    await useValidate.getState().loadSamples()
    expect(useValidate.getState().samples).toBeNull()
  })
})
