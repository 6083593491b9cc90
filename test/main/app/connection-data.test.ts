import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Result } from '../../../shared/errors'
import type { BulkJob, ConnectionView, ItemsPayload } from '../../../shared/ipc/contract'
import { createApp, type SellerDeskApp } from '../../../electron/main/app'
import { safeSegment } from '../../../electron/main/cache/versioned-file'
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../../electron/demo'
import { dispatch } from '../../../electron/main/ipc/dispatch'
import { getPacer } from '../../../electron/main/marketplace/pacer-registry'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'
import { data, until } from '../../support/results'

const quiet = { warn: () => undefined, error: () => undefined }
const appInfo = { name: 'Seller Desk', version: '0.1.0', platform: 'linux' }
const cleanups: Array<() => Promise<void>> = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function demoServer(options: DemoServerOptions): Promise<DemoServer> {
  const demo = await startDemoServer({ port: 0, ...options })
  // Spec mode sends no rate-limit headers and has no limit (as app.ts sets for its demo).
  if (options.mode === 'spec') getPacer(demo.baseUrl, { limit: 6000, windowMs: 60_000 })
  cleanups.push(() => demo.close())
  return demo
}

async function appIn(dataDir?: string): Promise<{
  app: SellerDeskApp
  dataDir: string
  call: (m: string, r?: unknown) => Promise<Result<unknown>>
}> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'sd-conn-data-')))
  if (!dataDir) cleanups.push(() => rm(dir, { recursive: true, force: true }))
  const app = await createApp({
    dataDir: dir,
    transport: 'browser',
    appInfo,
    secretStore: createMemorySecretStore(),
    log: quiet
  })
  cleanups.push(() => app.close())
  return {
    app,
    dataDir: dir,
    call: (method, request) => dispatch(app.handlers, method, request, quiet)
  }
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false
  )
const blobs = async (dataDir: string): Promise<string[]> =>
  (await readdir(join(dataDir, 'media'))).filter((n) => n.endsWith('.bin'))

describe('removing a connection', () => {
  it('deletes its catalogue cache, lookup history and media files; another connection keeps its own', async () => {
    const a = await demoServer({ mode: 'spec', size: 6, seed: 1 })
    const b = await demoServer({ mode: 'spec', size: 5, seed: 2 })
    const { app, dataDir, call } = await appIn()

    // Everything the prefetch stores: thumbnails, preview images, screenshots.
    const imagesOf = (items: ItemsPayload['items']): string[] => [
      ...new Set(
        items
          .flatMap((i) => [i.media.thumbnail, i.media.preview_image, ...i.media.screenshots])
          .filter((u): u is string => u !== null)
      )
    ]
    const browse = async (
      demo: DemoServer
    ): Promise<{ id: string; thumbs: string[]; images: string[] }> => {
      const { id } = data<ConnectionView>(
        await call('addConnection', { baseUrl: demo.baseUrl, apiKey: demo.apiKey })
      )
      const items = data<{ data: ItemsPayload }>(await call('listItems', { refresh: true })).data
        .items
      const thumbs = items.map((i) => i.media.thumbnail).filter((u): u is string => u !== null)
      expect(thumbs.length).toBeGreaterThan(0)
      data(await call('validatePurchase', { code: demo.sampleCodes.valid }))
      return { id, thumbs, images: imagesOf(items) }
    }
    const first = await browse(a)
    await until('A images', async () =>
      (await blobs(dataDir)).length >= first.images.length ? true : null
    )
    const second = await browse(b)
    await until('B images', async () =>
      (await blobs(dataDir)).length >= first.images.length + second.images.length ? true : null
    )
    const cacheDir = (id: string): string => join(dataDir, 'cache', safeSegment(id))
    const historyFile = (id: string): string => join(dataDir, 'history', `${safeSegment(id)}.jsonl`)
    for (const id of [first.id, second.id]) {
      expect(await exists(cacheDir(id))).toBe(true)
      expect(await exists(historyFile(id))).toBe(true)
    }

    data(await call('removeConnection', { id: first.id }))

    expect(await exists(cacheDir(first.id))).toBe(false)
    expect(await exists(historyFile(first.id))).toBe(false)
    expect(await blobs(dataDir)).toHaveLength(second.images.length)
    // A's media is neither on disk nor fetchable any more, even while A's server is up.
    const mediaHitsBefore = a.requests.filter((r) => r.path.startsWith('/media/')).length
    expect((await app.media!.serve(first.thumbs[0]!)).status).toBe(404)
    expect(a.requests.filter((r) => r.path.startsWith('/media/')).length).toBe(mediaHitsBefore)

    // B is untouched: its cache, history and thumbnails (served from disk with B offline).
    expect(await exists(cacheDir(second.id))).toBe(true)
    expect(data<{ total: number }>(await call('listHistory')).total).toBe(1)
    await b.close()
    expect((await app.media!.serve(second.thumbs[0]!)).status).toBe(200)
  })
})

describe('bulk validation teaches what a single check teaches', () => {
  it('a valid code checked in bulk adds its item to the list when the list endpoint fails, and to the offline cache', async () => {
    // A real install whose item list answers 500 (one item lacks a sub-category).
    const demo = await demoServer({ mode: 'real', missingSubCategory: true })
    const { call } = await appIn()
    data(await call('addConnection', { baseUrl: demo.baseUrl, apiKey: demo.apiKey }))
    const purchase = demo.data.purchases.find(
      (p) =>
        p.state === 'active' &&
        demo.data.items.find((i) => i.id === p.itemId)?.sub_category !== null
    )
    expect(purchase).toBeDefined()
    const before = data<{ data: ItemsPayload }>(await call('listItems', { refresh: true }))
    expect(before.data).toMatchObject({ items: [], listProblem: 'server-data-fault' })

    const { jobId } = data<{ jobId: string }>(await call('startBulk', { text: purchase!.code }))
    const job = await until('bulk job', async () => {
      const j = data<BulkJob>(await call('getBulk', { jobId }))
      return j.state === 'done' ? j : null
    })
    expect(job.results).toMatchObject([{ status: 'valid', itemId: purchase!.itemId }])

    const after = data<{ data: ItemsPayload }>(await call('listItems', { refresh: true }))
    expect(after.data.items.map((i) => i.id)).toEqual([purchase!.itemId])
    // Opened later with the marketplace gone: from the cache, as after a single check.
    await demo.close()
    const offline = data<{ data: { id: number }; freshness: { source: string } }>(
      await call('getItem', { id: purchase!.itemId, refresh: true })
    )
    expect(offline.data.id).toBe(purchase!.itemId)
    expect(offline.freshness.source).toBe('cache')
  })

  it('learns the item id even when the lookup history cannot be written', async () => {
    const demo = await demoServer({ mode: 'real', missingSubCategory: true })
    const { dataDir, call } = await appIn()
    data(await call('addConnection', { baseUrl: demo.baseUrl, apiKey: demo.apiKey }))
    // A file where the history folder should be: every history write fails.
    await writeFile(join(dataDir, 'history'), 'not a folder')
    const purchase = demo.data.purchases.find(
      (p) =>
        p.state === 'active' &&
        demo.data.items.find((i) => i.id === p.itemId)?.sub_category !== null
    )!

    const { jobId } = data<{ jobId: string }>(await call('startBulk', { text: purchase.code }))
    await until('bulk job', async () =>
      data<BulkJob>(await call('getBulk', { jobId })).state === 'done' ? true : null
    )
    const listed = data<{ data: ItemsPayload }>(await call('listItems', { refresh: true }))
    expect(listed.data.items.map((i) => i.id)).toEqual([purchase.itemId])
  })
})

describe('closing the app', () => {
  it('leaves nothing being written: the data folder can be removed at once', async () => {
    const demo = await demoServer({ mode: 'spec', size: 40 })
    const dataDir = await mkdtemp(join(tmpdir(), 'sd-conn-close-'))
    const { app, call } = await appIn(dataDir)
    data(await call('addConnection', { baseUrl: demo.baseUrl, apiKey: demo.apiKey }))
    // Starts the thumbnail and gallery prefetch; close while they run.
    data(await call('listItems', { refresh: true }))
    await until('the prefetch under way', async () =>
      (await readdir(join(dataDir, 'media')).catch(() => [])).some((n) => /\.(bin|tmp)$/.test(n))
        ? true
        : null
    )
    await app.close()
    // No download was left half-written, and the index names exactly the files on disk.
    const names = await readdir(join(dataDir, 'media'))
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([])
    const index = JSON.parse(await readFile(join(dataDir, 'media', 'index.json'), 'utf8')) as {
      body: { entries: Record<string, unknown> }
    }
    expect(
      Object.keys(index.body.entries)
        .map((k) => `${k}.bin`)
        .sort()
    ).toEqual(names.filter((n) => n.endsWith('.bin')).sort())
    await rm(dataDir, { recursive: true })
    expect(await exists(dataDir)).toBe(false)
  })
})
