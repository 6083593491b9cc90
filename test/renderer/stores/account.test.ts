import { beforeEach, describe, expect, it } from 'vitest'
import { useAccount } from '../../../renderer/src/stores/account'
import {
  deferred,
  err,
  freshness,
  installFakeBridge,
  ok,
  resetStores,
  sampleAccount
} from '../fake-bridge'

// The Account view's data: main's copy at once, the marketplace behind it, and an old or
// offline copy asked again when the view opens.

beforeEach(() => resetStores())

const cached = (balance: number) =>
  ok({
    data: sampleAccount({ balance }),
    freshness: freshness({ source: 'cache' })
  })

describe('account store', () => {
  it('shows the cached account at once, then the marketplace answer behind it', async () => {
    const bridge = installFakeBridge({
      getAccount: async (req) =>
        req?.refresh
          ? ok({ data: sampleAccount({ balance: 20 }), freshness: freshness() })
          : cached(10)
    })
    await useAccount.getState().load()
    expect(bridge.calls.getAccount).toEqual([undefined, { refresh: true }])
    const s = useAccount.getState()
    expect(s.status).toBe('ready')
    expect(s.account?.balance).toBe(20)
    expect(s.freshness?.source).toBe('network')
  })

  it('keeps the account on screen when a refresh fails, and says the refresh failed', async () => {
    installFakeBridge({
      getAccount: async (req) =>
        req?.refresh ? err('offline', 'The marketplace did not answer.') : cached(10)
    })
    await useAccount.getState().load()
    const s = useAccount.getState()
    expect(s.status).toBe('ready')
    expect(s.account?.balance).toBe(10)
    expect(s.error).toBeNull()
    expect(s.refreshError).toEqual({ kind: 'offline', message: 'The marketplace did not answer.' })
    expect(s.refreshing).toBe(false)
  })

  it('keeps the account when reading it again fails', async () => {
    const bridge = installFakeBridge({
      getAccount: async () => ok({ data: sampleAccount({ balance: 10 }), freshness: freshness() })
    })
    await useAccount.getState().load()
    bridge.getAccount.mockImplementation(async () =>
      err('internal', 'The cache could not be read.')
    )
    await useAccount.getState().load()
    const s = useAccount.getState()
    expect(s.status).toBe('ready')
    expect(s.account?.balance).toBe(10)
    expect(s.error?.kind).toBe('internal')
  })

  it('shows the error when there is nothing to show yet', async () => {
    installFakeBridge({ getAccount: async () => err('unauthorized', 'The key was refused.') })
    await useAccount.getState().load()
    const s = useAccount.getState()
    expect(s.status).toBe('error')
    expect(s.account).toBeNull()
    expect(s.error?.kind).toBe('unauthorized')
  })

  it('asks again on opening only when the copy is a minute old or offline', async () => {
    const fetchedAt = new Date('2026-11-27T10:00:00.000Z')
    const bridge = installFakeBridge({
      getAccount: async () =>
        ok({ data: sampleAccount(), freshness: freshness({ fetchedAt: fetchedAt.toISOString() }) })
    })
    await useAccount.getState().ensure(fetchedAt)
    expect(bridge.getAccount).toHaveBeenCalledTimes(1)

    await useAccount.getState().ensure(new Date(fetchedAt.getTime() + 30_000))
    expect(bridge.getAccount).toHaveBeenCalledTimes(1)

    await useAccount.getState().ensure(new Date(fetchedAt.getTime() + 61_000))
    expect(bridge.getAccount).toHaveBeenCalledTimes(2)
    expect(bridge.calls.getAccount?.[1]).toEqual({ refresh: true })

    useAccount.setState({
      freshness: freshness({ fetchedAt: fetchedAt.toISOString(), offline: true })
    })
    await useAccount.getState().ensure(fetchedAt)
    expect(bridge.getAccount).toHaveBeenCalledTimes(3)
  })

  it('lets the later of two refreshes win when answers arrive out of order', async () => {
    const first = deferred<ReturnType<typeof cached>>()
    const answers = [first.promise, Promise.resolve(cached(30))]
    installFakeBridge({ getAccount: async () => cached(10) })
    await useAccount.getState().load()
    installFakeBridge({ getAccount: () => answers.shift()! })
    const older = useAccount.getState().refresh()
    const newer = useAccount.getState().refresh()
    await newer
    first.resolve(cached(20))
    await older
    expect(useAccount.getState().account?.balance).toBe(30)
  })

  it('forgets the account on reset (a connection switch)', async () => {
    installFakeBridge()
    await useAccount.getState().load()
    expect(useAccount.getState().account).not.toBeNull()
    useAccount.getState().reset()
    expect(useAccount.getState()).toMatchObject({ account: null, status: 'idle', error: null })
  })
})
