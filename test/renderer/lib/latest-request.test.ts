import { describe, expect, it } from 'vitest'
import { latestRequest } from '../../../renderer/src/lib/latest-request'
import {
  staleWhileRevalidate,
  type SwrPatch
} from '../../../renderer/src/lib/stale-while-revalidate'
import type { AppError, Result } from '../../../shared/errors'
import type { Freshness } from '../../../shared/ipc/contract'

describe('latestRequest', () => {
  it('lets only the latest request write', () => {
    const latest = latestRequest()
    const first = latest.start()
    const second = latest.start()
    expect(first()).toBe(false)
    expect(second()).toBe(true)
  })

  it('joins the request under way without superseding it, until the next start or a drop', () => {
    const latest = latestRequest()
    const started = latest.start()
    const joined = latest.current()
    expect([started(), joined()]).toEqual([true, true])
    latest.start()
    expect(joined()).toBe(false)
    const again = latest.current()
    latest.drop()
    expect(again()).toBe(false)
  })
})

const freshness = (source: 'cache' | 'network'): Freshness => ({
  fetchedAt: '2026-11-25T10:00:00.000Z',
  source,
  offline: false,
  refreshError: null
})
const failure: AppError = { kind: 'offline', message: 'No connection.' }

/** A store of one value, with reads answered by hand in the order a test chooses. */
function harness(keepDataOnError: boolean) {
  let state: { data: string | null } & Omit<SwrPatch<string>, 'fresh'> = { data: null }
  const pending: {
    refresh: boolean
    answer(r: Result<{ data: string; freshness: Freshness }>): void
  }[] = []
  const swr = staleWhileRevalidate<string>({
    read: (refresh) =>
      new Promise((answer) => {
        pending.push({ refresh, answer })
      }),
    hasData: () => state.data !== null,
    write: ({ fresh, ...patch }) => {
      state = { ...state, ...patch, ...(fresh ? { data: fresh.data } : {}) }
    },
    latest: latestRequest(),
    keepDataOnError
  })
  return { swr, pending, state: () => state }
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0))

describe('staleWhileRevalidate', () => {
  it('shows the cached answer at once, then asks the marketplace', async () => {
    const { swr, pending, state } = harness(true)
    const done = swr.load()
    expect(state().status).toBe('loading')
    pending[0]!.answer({ ok: true, data: { data: 'cached', freshness: freshness('cache') } })
    await tick()
    expect(state()).toMatchObject({ status: 'ready', data: 'cached', refreshing: true })
    expect(pending[1]!.refresh).toBe(true)
    pending[1]!.answer({ ok: false, error: failure })
    await done
    expect(state()).toMatchObject({ data: 'cached', refreshing: false, refreshError: failure })
  })

  it('drops an answer overtaken by a later request', async () => {
    const { swr, pending, state } = harness(true)
    const slow = swr.load()
    const fast = swr.load()
    pending[1]!.answer({ ok: true, data: { data: 'new', freshness: freshness('network') } })
    await fast
    pending[0]!.answer({ ok: true, data: { data: 'old', freshness: freshness('network') } })
    await slow
    expect(state().data).toBe('new')
    expect(pending).toHaveLength(2)
  })

  it('keeps data on screen after a failed first read only when asked to', async () => {
    for (const keep of [true, false]) {
      const { swr, pending, state } = harness(keep)
      const first = swr.load()
      pending[0]!.answer({ ok: true, data: { data: 'shown', freshness: freshness('network') } })
      await first
      const again = swr.load()
      pending[1]!.answer({ ok: false, error: failure })
      await again
      expect(state()).toMatchObject({
        data: 'shown',
        error: failure,
        status: keep ? 'ready' : 'error'
      })
    }
  })
})
