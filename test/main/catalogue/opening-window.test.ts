import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { FileCatalogueCache } from '../../../electron/main/cache/catalogue-cache'
import { createCatalogueService } from '../../../electron/main/catalogue/service'
import type { CatalogueCache } from '../../../electron/main/catalogue/ports'
import { FIRST_WINDOW } from '../../../shared/item-summary'
import { fakeMarket, type FakeMarket } from '../../support/fake-market'

const KEY = 'b'.repeat(64)
const CONN = 'conn-1'
let dataDir: string
let market: FakeMarket

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-opening-svc-'))
  market = fakeMarket()
  market.keys.set(KEY, { username: 'seller', items: Array.from({ length: 150 }, (_, i) => i + 1) })
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** A service as a fresh start builds it, over the cache on disk, counting whole-list reads. */
function start() {
  const file = new FileCatalogueCache({ dataDir, log: { warn: () => {} } })
  const counted = { listReads: 0 }
  const cache: CatalogueCache = Object.assign(Object.create(file) as CatalogueCache, {
    readItems: (id: string) => {
      counted.listReads++
      return file.readItems(id)
    }
  })
  const allowed: string[] = []
  const client = market.port.createClient({ baseUrl: 'https://m.example', apiKey: KEY })
  const service = createCatalogueService({
    connections: {
      activeClient: async () => ({ connectionId: CONN, client }),
      activeConnectionId: async () => CONN
    },
    cache,
    media: { allow: (_id, urls) => void allowed.push(...urls) },
    log: { warn: () => {} }
  })
  return { service, file, counted, allowed }
}

const kept = async (file: FileCatalogueCache) =>
  vi.waitFor(async () => {
    const opening = await file.readOpening(CONN)
    if (!opening) throw new Error('no opening window kept yet')
    return opening
  })

it('a start answers the opening window without reading the whole list, as the list would', async () => {
  const first = start()
  await first.service.listItems({ refresh: true })
  const asked = await first.service.queryItems({ ...FIRST_WINDOW })
  await kept(first.file)

  const next = start()
  const opening = await next.service.openingWindow()
  expect(next.counted.listReads).toBe(0)
  expect(opening).toEqual(asked)
  expect(opening.data.rows).toHaveLength(FIRST_WINDOW.limit)
  // The thumbnails on it may be fetched through the media route.
  const thumbnails = opening.data.rows.map((r) => r.media.thumbnail).filter((u) => u !== null)
  expect(thumbnails.length).toBeGreaterThan(0)
  for (const url of thumbnails) expect(next.allowed).toContain(url)
})

it('after a refresh brings a changed list, the next start opens on the new one', async () => {
  const first = start()
  await first.service.listItems({ refresh: true })
  await kept(first.file)
  market.keys.set(KEY, {
    username: 'seller',
    items: Array.from({ length: 150 }, (_, i) => i + 1001)
  })
  const refreshed = await first.service.queryItems({ ...FIRST_WINDOW, refresh: true })
  await vi.waitFor(async () => {
    expect((await first.file.readOpening(CONN))?.window.rows[0]?.id).toBe(
      refreshed.data.rows[0]?.id
    )
  })

  const next = start()
  const opening = await next.service.openingWindow()
  expect(next.counted.listReads).toBe(0)
  expect(opening.data).toEqual(refreshed.data)
})

it('with no opening window kept (an older cache), a start reads the list and keeps one', async () => {
  const first = start()
  await first.service.listItems({ refresh: true })
  await kept(first.file)
  await rm(join(dataDir, 'cache', CONN, 'opening-window.json'))

  const next = start()
  const slow = await next.service.openingWindow()
  expect(next.counted.listReads).toBe(1)
  expect((await kept(next.file)).window).toEqual(slow.data)
})

it('keeps none for a list built item by item (it also shows items learnt since)', async () => {
  market.keys.set(KEY, { username: 'seller', items: [] })
  const first = start()
  await first.file.rememberItemIds(CONN, [7, 8])
  const listed = await first.service.listItems({ refresh: true })
  expect(listed.data.listProblem).not.toBeNull()
  await first.service.queryItems({ ...FIRST_WINDOW })
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(await readdir(join(dataDir, 'cache', CONN))).not.toContain('opening-window.json')
})

it("a launch's refresh does not read the cached list it replaces, unless it fails", async () => {
  const first = start()
  await first.service.listItems({ refresh: true })
  await kept(first.file)

  const next = start()
  await next.service.openingWindow()
  const refreshed = await next.service.queryItems({ ...FIRST_WINDOW, refresh: true })
  expect(refreshed.freshness.source).toBe('network')
  // Before: the whole cached list was parsed first, only to be let go of at once.
  expect(next.counted.listReads).toBe(0)

  // Offline: the cached list is read then, and shown with why.
  await kept(next.file)
  market.failWith = 'offline'
  const later = start()
  await later.service.openingWindow()
  const offline = await later.service.queryItems({ ...FIRST_WINDOW, refresh: true })
  expect(later.counted.listReads).toBe(1)
  expect(offline.freshness).toMatchObject({ source: 'cache', offline: true })
  expect(offline.data.total).toBe(150)
})
