import { beforeEach, describe, expect, it } from 'vitest'
import type { Result } from '../../../shared/errors'
import type { HistoryEntry, Validation } from '../../../shared/ipc/contract'
import { HISTORY_PAGE, useHistory } from '../../../renderer/src/stores/history'
import { deferred, err, historyEntry, installFakeBridge, ok, resetStores } from '../fake-bridge'

// The History view's data: a page of the lookup history at a time, searched in main, with
// re-checks that mark their new row and a connection switch that drops late answers.

const A = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const B = '8d2e4f60-1a3b-4c5d-8e9f-0a1b2c3d4e5f'

beforeEach(() => {
  resetStores()
  useHistory.getState().reset()
})

const page = (entries: HistoryEntry[], total = entries.length) => ok({ entries, total })

describe('history store', () => {
  it('asks for one page, then for a longer one on "Show more"', async () => {
    const bridge = installFakeBridge({ listHistory: async () => page([historyEntry()], 250) })
    await useHistory.getState().load()
    expect(useHistory.getState()).toMatchObject({ status: 'ready', total: 250 })
    await useHistory.getState().showMore()
    expect(bridge.calls.listHistory).toEqual([{ limit: HISTORY_PAGE }, { limit: 2 * HISTORY_PAGE }])
  })

  it('sends the trimmed search and starts again from one page when it changes', async () => {
    const bridge = installFakeBridge({ listHistory: async () => page([]) })
    await useHistory.getState().showMore()
    useHistory.getState().setQuery('  refunded ')
    await useHistory.getState().load()
    expect(bridge.calls.listHistory?.at(-1)).toEqual({ query: 'refunded', limit: HISTORY_PAGE })
  })

  it('keeps the rows on screen while a new search loads, and lets the latest answer win', async () => {
    const slow = deferred<ReturnType<typeof page>>()
    installFakeBridge({ listHistory: async () => page([historyEntry({ code: A })]) })
    await useHistory.getState().load()
    installFakeBridge({
      listHistory: (req) =>
        req?.query === 'a' ? slow.promise : Promise.resolve(page([historyEntry({ code: B })]))
    })
    useHistory.getState().setQuery('a')
    const older = useHistory.getState().load()
    expect(useHistory.getState().status).toBe('ready')
    useHistory.getState().setQuery('b')
    await useHistory.getState().load()
    slow.resolve(page([historyEntry({ code: A })]))
    await older
    expect(useHistory.getState().entries.map((e) => e.code)).toEqual([B])
  })

  it('says why the history could not be read', async () => {
    installFakeBridge({ listHistory: async () => err('internal', 'The history file is damaged.') })
    await useHistory.getState().load()
    expect(useHistory.getState()).toMatchObject({
      status: 'error',
      error: { kind: 'internal', message: 'The history file is damaged.' }
    })
  })

  it('re-checks a code, keeps its verdict and reads the list again', async () => {
    const bridge = installFakeBridge({ listHistory: async () => page([historyEntry({ code: A })]) })
    const verdict = await useHistory.getState().recheck(A)
    expect(verdict?.code).toBe(A)
    expect(bridge.calls.validatePurchase).toEqual([{ code: A }])
    const s = useHistory.getState()
    expect(s.lastRecheck?.code).toBe(A)
    expect(s.rechecking).toEqual([])
    expect(bridge.listHistory).toHaveBeenCalledTimes(1)
  })

  it('checks a code once while its re-check is under way, and reports a failed one', async () => {
    const answer = deferred<Result<Validation>>()
    const bridge = installFakeBridge({ validatePurchase: () => answer.promise })
    const first = useHistory.getState().recheck(A)
    expect(await useHistory.getState().recheck(A)).toBeNull()
    expect(useHistory.getState().rechecking).toEqual([A])
    answer.resolve(err('rate-limited', 'The marketplace asked to wait.'))
    expect(await first).toBeNull()
    expect(bridge.validatePurchase).toHaveBeenCalledTimes(1)
    expect(useHistory.getState()).toMatchObject({
      rechecking: [],
      recheckError: { code: A, error: { kind: 'rate-limited' } }
    })
  })

  it("drops a re-check's answer that comes after a connection switch", async () => {
    const answer = deferred<Result<Validation>>()
    const bridge = installFakeBridge({ validatePurchase: () => answer.promise })
    const pending = useHistory.getState().recheck(A)
    useHistory.getState().reset()
    answer.resolve(
      ok({
        valid: false as const,
        code: A,
        message: 'Invalid',
        checkedAt: new Date().toISOString()
      })
    )
    expect(await pending).toBeNull()
    expect(useHistory.getState().lastRecheck).toBeNull()
    expect(bridge.listHistory).not.toHaveBeenCalled()
  })
})
