import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Freshness, ItemsPayload, RefreshProgress } from '../../shared/ipc/contract'
import { builtInDemo } from '../../electron/main/app'
import type { DemoServer } from '../../electron/demo'
import { dataOf, startDurableHost, type DurableHost } from '../support/durable-host'
import { filesUnder } from '../support/files-under'

// Issue 34, point 4: a long refresh says how far it is, and can be cancelled; a cancelled
// refresh answers with the saved list and writes nothing. The real host over HTTP, the real
// demo marketplace sending its item list down a slow line.

type Listed = { data: ItemsPayload; freshness: Freshness }

let host: DurableHost | null = null
let market: DemoServer | null = null
afterEach(async () => {
  await host?.dispose()
  await market?.close()
  host = market = null
})

/** Asks how far the refresh is until `seen` says it is far enough (the page asks the same way). */
async function progressUntil(
  h: DurableHost,
  seen: (p: RefreshProgress) => boolean
): Promise<RefreshProgress> {
  for (let tries = 0; tries < 400; tries++) {
    const p = dataOf(await h.rpc<RefreshProgress | null>('getRefreshProgress'))
    if (p && seen(p)) return p
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the refresh never got that far')
}

/** The catalogue cache's files, sorted, with their bytes; none when no folder was made. */
const cacheFiles = async (h: DurableHost) =>
  (await filesUnder(join(h.dataDir, 'cache')).catch(() => [])).sort((a, b) =>
    a.path.localeCompare(b.path)
  )

describe('a catalogue refresh, slow and cancelled', () => {
  it('says the bytes received of the size declared, and once cancelled keeps the saved list untouched', async () => {
    market = await builtInDemo({ size: 1_500 })
    host = await startDurableHost()
    dataOf(await host.rpc('addConnection', { baseUrl: market.baseUrl, apiKey: market.apiKey }))
    const saved = dataOf(await host.rpc<Listed>('listItems', { refresh: true }))
    expect(saved.data.items).toHaveLength(1_500)
    expect(dataOf(await host.rpc('getRefreshProgress'))).toBeNull()

    // The whole list over about a minute: the refresh is still downloading when cancelled.
    market.faults.inject(
      { type: 'trickle', ms: 60_000, pieces: 600 },
      { times: 1, path: '/api/items/all' }
    )
    const refreshing = host.rpc<Listed>('listItems', { refresh: true })
    const downloading = await progressUntil(host, (p) => p.phase === 'downloading' && p.done > 0)
    expect(downloading.total).not.toBeNull()
    expect(downloading.done).toBeLessThan(downloading.total!)
    expect(downloading.cancellable).toBe(true)
    const later = await progressUntil(host, (p) => p.done > downloading.done)
    expect(later.total).toBe(downloading.total)
    expect(later.elapsedMs).toBeGreaterThan(downloading.elapsedMs)
    const before = await cacheFiles(host)

    expect(dataOf(await host.rpc('cancelRefresh'))).toEqual({ cancelled: true })
    const answer = dataOf(await refreshing)
    expect(answer.freshness).toEqual({
      fetchedAt: saved.freshness.fetchedAt,
      source: 'cache',
      offline: false,
      refreshError: 'Refresh cancelled: showing the saved list.',
      refreshErrorKind: 'aborted'
    })
    expect(answer.data.items.map((i) => i.id)).toEqual(saved.data.items.map((i) => i.id))
    expect(dataOf(await host.rpc('getRefreshProgress'))).toBeNull()
    // Nothing written: the saved files are byte for byte what they were.
    expect(await cacheFiles(host)).toEqual(before)
    expect(dataOf(await host.rpc('cancelRefresh'))).toEqual({ cancelled: false })

    // The next refresh runs whole again.
    const next = dataOf(await host.rpc<Listed>('listItems', { refresh: true }))
    expect(next.freshness.source).toBe('network')
  })

  it('fails as cancelled on a first sync with nothing saved, and saves nothing', async () => {
    market = await builtInDemo()
    host = await startDurableHost()
    dataOf(await host.rpc('addConnection', { baseUrl: market.baseUrl, apiKey: market.apiKey }))
    // No answer at all: the refresh waits for the marketplace until cancelled.
    market.faults.inject({ type: 'hang' }, { times: 1, path: '/api/items/all' })
    const first = host.rpc<Listed>('listItems')
    const waiting = await progressUntil(host, (p) => p.phase === 'waiting')
    expect(waiting).toMatchObject({ done: 0, total: null, cancellable: true })
    expect(dataOf(await host.rpc('cancelRefresh'))).toEqual({ cancelled: true })
    const answer = await first
    expect(answer.ok).toBe(false)
    if (!answer.ok) expect(answer.error.kind).toBe('aborted')
    const files = (await cacheFiles(host)).map((f) => f.path)
    expect(files.filter((f) => /items/.test(f))).toEqual([])
  })
})
