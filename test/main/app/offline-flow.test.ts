import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  BulkJob,
  CacheInfo,
  HistoryEntry,
  ItemsPayload,
  Validation
} from '../../../shared/ipc/contract'
import type { Freshness } from '../../../shared/ipc/contract'
import { mediaHttpPath } from '../../../shared/media-url'
import { createApp, type SellerDeskApp } from '../../../electron/main/app'
import { startDemoServer, type DemoServer } from '../../../electron/demo'
import { startHostServer } from '../../../electron/host/server'
import { dispatch } from '../../../electron/main/ipc/dispatch'
import { getPacer } from '../../../electron/main/marketplace/pacer-registry'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'
import { bodyBytes } from '../../support/media-server'
import { data, until } from '../../support/results'

const quiet = { warn: () => undefined, error: () => undefined }
const appInfo = { name: 'Seller Desk', version: '0.1.0', platform: 'linux' }

async function allFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await allFiles(full)))
    else out.push(full)
  }
  return out
}

describe('offline stores inside the app, against the demo marketplace', () => {
  let demo: DemoServer
  let dataDir: string
  let app: SellerDeskApp
  const secrets = createMemorySecretStore()
  const call = (method: string, request?: unknown) => dispatch(app.handlers, method, request, quiet)
  let items: ItemsPayload['items'] = []

  beforeAll(async () => {
    demo = await startDemoServer({ mode: 'spec', port: 0 })
    // Spec mode sends no rate-limit headers and has no limit (as app.ts sets for its demo).
    getPacer(demo.baseUrl, { limit: 6000, windowMs: 60_000 })
    dataDir = await mkdtemp(join(tmpdir(), 'sd-offline-'))
    app = await createApp({
      dataDir,
      transport: 'browser',
      appInfo,
      secretStore: secrets,
      log: quiet
    })
    data(await call('addConnection', { baseUrl: demo.baseUrl, apiKey: demo.apiKey }))
  })
  afterAll(async () => {
    await app.close()
    await demo.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('stores the catalogue and prefetches every thumbnail, then previews and screenshots', async () => {
    const listed = data<{ data: ItemsPayload; freshness: Freshness }>(
      await call('listItems', { refresh: true })
    )
    items = listed.data.items
    expect(items.length).toBeGreaterThan(5)
    data(await call('getAccount', { refresh: true }))
    const thumbs = new Set(items.map((i) => i.media.thumbnail).filter((u) => u !== null))
    const info = await until('thumbnails', async () => {
      const i = data<CacheInfo>(await call('getCacheInfo'))
      // Catalogue files (account, items, known ids...) plus one file per thumbnail.
      return i.files >= thumbs.size + 2 ? i : null
    })
    expect(info.dataDir).toBe(dataDir)
    expect(info.limitBytes).toBe(500_000_000)
    const thumbHits = demo.requests.filter((r) => r.path.startsWith('/media/')).length
    expect(thumbHits).toBeGreaterThanOrEqual(thumbs.size)

    // The gallery follows in the background, so an item never opened has it offline.
    const gallery = new Set(
      items
        .flatMap((i) => [i.media.preview_image, ...i.media.screenshots])
        .filter((u) => u !== null)
    )
    expect(gallery.size).toBeGreaterThan(items.length)
    const mediaPaths = (): string[] =>
      demo.requests.filter((r) => r.path.startsWith('/media/')).map((r) => r.path)
    await until('previews and screenshots', async () => {
      const fetched = new Set(mediaPaths())
      return [...gallery].every((u) => fetched.has(new URL(u).pathname)) ? true : null
    })
    const paths = mediaPaths()
    const lastThumb = Math.max(...[...thumbs].map((u) => paths.indexOf(new URL(u!).pathname)))
    const firstGallery = Math.min(...[...gallery].map((u) => paths.indexOf(new URL(u!).pathname)))
    expect(firstGallery).toBeGreaterThan(lastThumb)
    // Video and audio stream: never prefetched.
    expect(paths.some((p) => p.startsWith('/media/video/') || p.startsWith('/media/audio/'))).toBe(
      false
    )
  })

  it('records validations, answers with the previous verdict, and lists and exports them', async () => {
    const first = data<Validation>(
      await call('validatePurchase', { code: ` ${demo.sampleCodes.valid.toUpperCase()} ` })
    )
    expect(first.valid).toBe(true)
    expect(first.previous).toBeUndefined()
    const second = data<Validation>(
      await call('validatePurchase', { code: demo.sampleCodes.valid })
    )
    expect(second.previous).toEqual({ valid: true, checkedAt: first.checkedAt })
    const bad = data<Validation>(await call('validatePurchase', { code: demo.sampleCodes.invalid }))
    expect(bad.valid).toBe(false)

    const list = data<{ entries: HistoryEntry[]; total: number }>(await call('listHistory'))
    expect(list.total).toBe(3)
    expect(list.entries.map((e) => e.code)).toEqual([
      demo.sampleCodes.invalid,
      demo.sampleCodes.valid,
      demo.sampleCodes.valid
    ])
    const onlyValid = data<{ entries: HistoryEntry[] }>(
      await call('listHistory', { query: 'valid' })
    )
    expect(onlyValid.entries).toHaveLength(2)
    const csv = data<{ filename: string; csv: string }>(await call('exportHistoryCsv'))
    expect(csv.filename).toMatch(/^seller-desk-history-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(csv.csv.split('\r\n')).toHaveLength(5)
    expect(await call('listHistory', { limit: 0 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' }
    })
  })

  it('runs a bulk check through the app and records it', async () => {
    const text = `Codes:\n${demo.sampleCodes.valid}\n"${demo.sampleCodes.expired}",x\n${demo.sampleCodes.invalid}\n${demo.sampleCodes.valid}`
    const started = data<BulkJob>(await call('startBulk', { text }))
    const { jobId } = started
    const codes = started.results.map((r) => r.code)
    expect(codes).toEqual([
      demo.sampleCodes.valid,
      demo.sampleCodes.expired,
      demo.sampleCodes.invalid
    ])
    const job = await until('bulk job', async () => {
      const j = data<BulkJob>(await call('getBulk', { jobId }))
      return j.state === 'done' ? j : null
    })
    expect(job.results.map((r) => r.status)).toEqual(['valid', 'valid', 'not-valid'])
    expect(data<{ total: number }>(await call('listHistory')).total).toBe(6)
    expect(await call('getBulk', { jobId: 'nope' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' }
    })
  })

  it('keeps a video offline on request only', async () => {
    const video = items.find((i) => i.media.preview_video !== null)!.media.preview_video!
    const kept = data<{ bytes: number; contentType: string }>(
      await call('keepMediaOffline', { url: video })
    )
    expect(kept.contentType).toMatch(/^video\//)
    expect(kept.bytes).toBeGreaterThan(0)
    expect(await call('getMediaOffline', { url: video })).toEqual({
      ok: true,
      data: { kept: true, bytes: kept.bytes }
    })
    expect(await call('keepMediaOffline', { url: 'http://127.0.0.1:1/evil.mp4' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' }
    })

    // Another one kept, then released: its copy goes and the button can offer it again.
    const other = items.filter((i) => i.media.preview_video !== null)[1]!.media.preview_video!
    const before = data<CacheInfo>(await call('getCacheInfo'))
    const second = data<{ bytes: number }>(await call('keepMediaOffline', { url: other }))
    expect(data<CacheInfo>(await call('getCacheInfo')).bytes).toBe(before.bytes + second.bytes)
    expect(await call('releaseMediaOffline', { url: other })).toEqual({
      ok: true,
      data: { kept: false, bytes: null }
    })
    expect(await call('getMediaOffline', { url: other })).toEqual({
      ok: true,
      data: { kept: false, bytes: null }
    })
    expect(data<CacheInfo>(await call('getCacheInfo')).bytes).toBe(before.bytes)
    expect(await call('getMediaOffline', { url: 'nonsense' })).toEqual({
      ok: true,
      data: { kept: false, bytes: null }
    })
  })

  it('never writes the API key to any file', async () => {
    const files = await allFiles(dataDir)
    expect(files.some((f) => f.includes(`${join('media', '')}`))).toBe(true)
    expect(files.some((f) => f.endsWith('.jsonl'))).toBe(true)
    for (const file of files) {
      const text = (await readFile(file)).toString('latin1')
      expect(text.includes(demo.apiKey), file).toBe(false)
    }
  })

  it('after a restart with the marketplace gone, serves the catalogue and media from disk (MediaService and browser host)', async () => {
    const thumb = items[0]!.media.thumbnail!
    const video = items.find((i) => i.media.preview_video !== null)!.media.preview_video!
    const original = await bodyBytes((await app.media!.serve(thumb)).body)
    await app.close()
    await demo.close()

    app = await createApp({
      dataDir,
      transport: 'browser',
      appInfo,
      secretStore: secrets,
      log: quiet
    })
    const listed = data<{ data: ItemsPayload; freshness: Freshness }>(
      await call('listItems', { refresh: true })
    )
    expect(listed.freshness).toMatchObject({ source: 'cache', offline: true })
    expect(listed.data.items.map((i) => i.id)).toEqual(items.map((i) => i.id))

    const image = await app.media!.serve(thumb)
    expect(image.status).toBe(200)
    expect(await bodyBytes(image.body)).toEqual(original)
    const seek = await app.media!.serve(video, { range: 'bytes=10-29' })
    expect(seek.status).toBe(206)
    expect((await bodyBytes(seek.body)).byteLength).toBe(20)
    // Prefetched though never opened: the gallery shows offline.
    const screenshot = items.flatMap((i) => i.media.screenshots)[0]!
    expect((await app.media!.serve(screenshot)).status).toBe(200)
    const preview = items.find((i) => i.media.preview_image !== null)!.media.preview_image!
    expect((await app.media!.serve(preview)).status).toBe(200)
    // Allowed again (the cached list was served) but audio is never prefetched, and the site is gone.
    const audio = items.find((i) => i.media.preview_audio !== null)!.media.preview_audio!
    expect((await app.media!.serve(audio)).status).toBe(504)

    const rendererDir = join(dataDir, 'renderer-stub')
    await mkdir(rendererDir)
    await writeFile(
      join(rendererDir, 'index.html'),
      `<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`
    )
    const host = await startHostServer({ app, rendererDir, log: quiet })
    try {
      const res = await fetch(`${host.baseUrl}${mediaHttpPath(thumb, host.mediaToken)}`)
      expect(res.status).toBe(200)
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(original)
    } finally {
      await host.close()
    }

    const limited = data<CacheInfo>(await call('setCacheLimit', { limitBytes: 64 * 1024 * 1024 }))
    expect(limited.limitBytes).toBe(64 * 1024 * 1024)
    expect(await call('setCacheLimit', { limitBytes: 1024 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' }
    })
    const cleared = data<CacheInfo>(await call('clearCache'))
    expect(cleared.bytes).toBeLessThan(1024 * 10)
    expect((await app.media!.serve(thumb)).status).toBe(504)
    expect(await stat(join(dataDir, 'history')).then((s) => s.isDirectory())).toBe(true)
  })
})
