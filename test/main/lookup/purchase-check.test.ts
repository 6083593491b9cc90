import { beforeEach, describe, expect, it } from 'vitest'
import type { Validation } from '../../../shared/ipc/contract'
import type { MarketplaceClientLike } from '../../../electron/main/connections/marketplace-port'
import { AppFailure } from '../../../electron/main/ipc/failure'
import { lookupHandlers } from '../../../electron/main/lookup/handlers'
import { createLearner } from '../../../electron/main/lookup/learn'
import {
  createPurchaseCheck,
  type LookupRecorder,
  type PurchaseCheck
} from '../../../electron/main/lookup/purchase-check'
import {
  createFreshVerdicts,
  type FreshVerdicts
} from '../../../electron/main/quick/fresh-verdicts'
import { fakeMarket, item, type FakeMarket } from '../../support/fake-market'
import { createMemoryCatalogueCache } from '../../support/memory-catalogue-cache'

const KEY = 'a'.repeat(64)
const CONN = 'conn-1'
const quiet = { warn: () => undefined }

let market: FakeMarket
let cache: ReturnType<typeof createMemoryCatalogueCache>
let allowed: string[]
let recorded: Validation[]
let fresh: FreshVerdicts
let client: MarketplaceClientLike

const recordingIn = (list: Validation[]): LookupRecorder => ({
  record: (_id, v) => {
    list.push(v)
    return { annotated: Promise.resolve(v), written: Promise.resolve() }
  }
})

function build(history: LookupRecorder = recordingIn(recorded)): {
  lookups: PurchaseCheck
  validatePurchase: (request: { code: string }) => Promise<Validation>
} {
  let clock = 0
  const lookups = createPurchaseCheck({
    history,
    learn: createLearner({ cache, log: quiet }),
    media: { allow: (_id, urls) => void allowed.push(...urls) },
    fresh,
    now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, clock++)),
    log: quiet
  })
  const connections = { activeClient: async () => ({ connectionId: CONN, client }) }
  return { lookups, validatePurchase: lookupHandlers(connections, lookups).validatePurchase }
}

beforeEach(() => {
  market = fakeMarket()
  market.keys.set(KEY, { username: 'seller', items: [1, 2] })
  client = market.port.createClient({ baseUrl: 'https://m.example', apiKey: KEY })
  cache = createMemoryCatalogueCache()
  allowed = []
  recorded = []
  // The checks' clock is 2025-01-01T00:00:0n: a minute later they are still fresh.
  fresh = createFreshVerdicts(() => Date.UTC(2025, 0, 1, 0, 1))
})

describe('purchase validation', () => {
  it('normalises the code, records it, remembers the item and allows its media', async () => {
    const { lookups, validatePurchase } = build()
    const verdict = await validatePurchase({ code: '  GOOD-CODE ' })
    expect(verdict).toMatchObject({
      valid: true,
      code: 'good-code',
      checkedAt: '2025-01-01T00:00:00.000Z'
    })
    expect(recorded).toEqual([verdict])
    expect(allowed).toContain('https://m.example/1/thumb.png')
    await lookups.settled()
    expect(await cache.knownItemIds(CONN)).toEqual([1])
    expect((await cache.readItem(CONN, 1))?.data).toEqual(item(1))
  })

  it('answers an invalid code as a result, recorded too', async () => {
    const verdict = await build().validatePurchase({ code: 'nope' })
    expect(verdict).toEqual({
      valid: false,
      message: 'Invalid purchase code',
      code: 'nope',
      checkedAt: '2025-01-01T00:00:00.000Z'
    })
    expect(recorded).toHaveLength(1)
  })

  it('refuses an empty code without calling the marketplace', async () => {
    await expect(build().validatePurchase({ code: '   ' })).rejects.toBeInstanceOf(AppFailure)
    expect(market.calls).toEqual([])
  })

  it('still answers when the recorder fails', async () => {
    const failed = Promise.reject(new Error('disk full'))
    failed.catch(() => {})
    const { validatePurchase } = build({
      record: () => ({ annotated: failed, written: failed })
    })
    await expect(validatePurchase({ code: 'good-code' })).resolves.toMatchObject({ valid: true })
  })
})

describe('the one check: the seller waits for the answer only', () => {
  it('answers with the annotation before the history is written and the item learnt; settled() waits for learning', async () => {
    let written: () => void = () => {}
    const history: LookupRecorder = {
      record: (_id, v) => ({
        annotated: Promise.resolve({ ...v, previous: { valid: true, checkedAt: 'earlier' } }),
        written: new Promise<void>((resolve) => (written = resolve))
      })
    }
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const remember = cache.rememberItemIds.bind(cache)
    cache.rememberItemIds = async (id, ids) => {
      await gate
      return remember(id, ids)
    }
    const { lookups, validatePurchase } = build(history)
    const verdict = await validatePurchase({ code: 'good-code' })
    expect(verdict).toMatchObject({ valid: true, previous: { valid: true } })
    expect(await cache.knownItemIds(CONN)).toEqual([])
    let settled = false
    const waiting = lookups.settled().then(() => (settled = true))
    await new Promise((r) => setTimeout(r, 5))
    expect(settled).toBe(false)
    release()
    await waiting
    expect(await cache.knownItemIds(CONN)).toEqual([1])
    written()
  })

  it('a bulk check queues behind the seller and is not kept for a hand-over; a single one is', async () => {
    const priorities: Array<string | undefined> = []
    const plain = client
    client = {
      ...plain,
      validatePurchase: (code, options) => {
        priorities.push(options?.priority)
        return plain.validatePurchase(code, options)
      }
    }
    const { lookups } = build()
    await lookups.check(CONN, client, 'good-code', { kind: 'bulk' })
    expect(fresh.find(CONN, 'good-code')).toBeNull()
    await lookups.check(CONN, client, 'good-code')
    expect(fresh.find(CONN, 'good-code')).toMatchObject({ valid: true, code: 'good-code' })
    expect(priorities).toEqual(['bulk', undefined])
    expect(recorded.map((v) => v.code)).toEqual(['good-code', 'good-code'])
  })

  it('a learn that fails does not stop the ones queued after it', async () => {
    const learnt: string[] = []
    const warnings: string[] = []
    let calls = 0
    const lookups = createPurchaseCheck({
      history: recordingIn(recorded),
      learn: async (_id, v) => {
        if (calls++ === 0) throw new Error('disk full')
        learnt.push(v.code)
      },
      media: { allow: () => undefined },
      fresh,
      log: { warn: (m) => void warnings.push(m) }
    })
    await lookups.check(CONN, client, 'good-code')
    await lookups.check(CONN, client, 'nope')
    await lookups.settled()
    expect(learnt).toEqual(['nope'])
    expect(warnings).toEqual(['[lookup] Could not learn from the lookup.'])
  })
})
