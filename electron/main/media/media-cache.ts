import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { MediaRegistry } from '../catalogue/ports'
import type { StoreLog } from '../cache/versioned-file'
import { AppFailure } from '../ipc/failure'
import {
  DEFAULT_MEDIA_TIMEOUTS,
  guardBody,
  MediaBodyTimeout,
  waitOwn,
  type MediaTimeouts
} from './body-guard'
import { fileRangeStream } from './disk-reader'
import { MediaDiskStore, mediaKey, type MediaEntry } from './disk-store'
import { parseRange } from './range'
import { MediaAllowList, mediaKeyUrl } from './registry'
import type { MediaAnswer, MediaService } from './types'

/** What the media cache needs from the marketplace client's fetchMedia (which never sends the key). */
export interface FetchedMedia {
  status: number
  headers: Record<string, string>
  body: ReadableStream<Uint8Array> | null
}
export type MediaFetcher = (
  url: string,
  options: {
    range?: string
    signal?: AbortSignal
    maxBytes?: number
    /** The connections whose marketplace named the file (decides which addresses may be reached). */
    owners?: readonly string[]
  }
) => Promise<FetchedMedia>

export interface MediaCacheOptions {
  dataDir: string
  fetchMedia: MediaFetcher
  /** Total size of cached media; least recently used goes first. Default 500 MB (decimal). */
  limitBytes?: number
  /** Largest image cached (and served). Default 20 MB. */
  maxImageBytes?: number
  /** Largest video/audio streamed or kept offline. Default 1 GB. */
  maxStreamBytes?: number
  log?: StoreLog
  now?: () => number
  flushDelayMs?: number
  /** Body time limits (a stalled or trickling file must not hold the workers). */
  timeouts?: Partial<MediaTimeouts>
}

export interface PrefetchOptions {
  concurrency?: number
  signal?: AbortSignal
  /** The connection whose catalogue named these files (removing it deletes them). */
  owner?: string
  /**
   * 'low' runs (preview images, screenshots) download only while no 'high' run
   * (thumbnails, which paint the grid) is under way, and resume when it ends.
   */
  priority?: 'high' | 'low'
  /**
   * Stop once the cache holds this share of its limit (0..1): a large catalogue's
   * previews must not evict its thumbnails or what the seller viewed. Default 1.
   */
  fillRatio?: number
}

interface DownloadOptions {
  kept: boolean
  owners: readonly string[]
  signal?: AbortSignal
  /** Refuse a file larger than this (below the usual caps): what a prefetch has room for. */
  maxBytes?: number
}

// Decimal, like every size the app shows (formatBytes): 500 MB reads "500 MB" when full.
export const DEFAULT_MEDIA_LIMIT_BYTES = 500 * 1000 * 1000
const SMALL_FILE = 1024 * 1024
const MB = 1024 * 1024

type MediaClass = 'image' | 'stream' | 'refused'

function baseType(headers: Record<string, string>): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
}

/** Images are cached; video and audio stream through; anything else (HTML, scripts) is refused. */
function classify(contentType: string): MediaClass {
  if (/^image\/[a-z0-9.+-]+$/.test(contentType)) return 'image'
  if (/^(video|audio)\/[a-z0-9.+-]+$/.test(contentType)) return 'stream'
  return 'refused'
}

function empty(status: number): MediaAnswer {
  return { status, headers: {}, body: null }
}

function safetyHeaders(contentType: string): Record<string, string> {
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' }
  // An SVG opened on its own could run script: it gets no capabilities at all.
  if (contentType.includes('svg'))
    headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
  return headers
}

function failureStatus(e: unknown): number {
  const kind = (e as { kind?: unknown } | null)?.kind
  if (kind === 'offline' || kind === 'timeout') return 504
  return 502
}

async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number
): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0)
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > cap) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  const out = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}

/**
 * The MediaService both media routes call, and the MediaRegistry the catalogue fills.
 * Images (thumbnails, previews, screenshots, avatars) are downloaded once into
 * `<dataDir>/media/` and served from disk from then on, offline included. Video and audio
 * stream through with the Range passed on, and are stored only when the seller asks to
 * keep one offline. Only addresses seen in marketplace answers are ever fetched.
 */
export class MediaCache implements MediaService, MediaRegistry {
  readonly store: MediaDiskStore
  private readonly allowList = new MediaAllowList()
  private readonly downloads = new Map<string, Promise<MediaEntry | null>>()
  /** Aborted by close(): every fetch this cache starts listens to it (through a per-request link). */
  private readonly closing = new AbortController()
  /** Work that may still write under media/ (downloads, stores, prefetch runs): close() waits for it. */
  private readonly inFlight = new Set<Promise<unknown>>()
  private closed: Promise<void> | null = null
  /** High-priority prefetch runs under way; low-priority ones wait for them (settled copies). */
  private readonly highRuns = new Set<Promise<unknown>>()
  private readonly maxImageBytes: number
  private readonly maxStreamBytes: number
  private readonly log: StoreLog
  private readonly timeouts: MediaTimeouts

  constructor(private readonly options: MediaCacheOptions) {
    this.log = options.log ?? console
    this.timeouts = { ...DEFAULT_MEDIA_TIMEOUTS, ...options.timeouts }
    this.maxImageBytes = options.maxImageBytes ?? 20 * MB
    this.maxStreamBytes = options.maxStreamBytes ?? 1024 * MB
    this.store = new MediaDiskStore({
      dir: join(options.dataDir, 'media'),
      limitBytes: options.limitBytes ?? DEFAULT_MEDIA_LIMIT_BYTES,
      log: this.log,
      ...(options.now ? { now: options.now } : {}),
      ...(options.flushDelayMs !== undefined ? { flushDelayMs: options.flushDelayMs } : {})
    })
  }

  allow(connectionId: string, urls: Iterable<string>): void {
    this.allowList.allow(connectionId, urls)
  }

  /**
   * A connection was removed: its addresses are no longer fetched, and the files only it
   * used are deleted (files another connection also uses stay).
   */
  forget(connectionId: string): Promise<void> {
    this.allowList.forgetConnection(connectionId)
    if (this.closed) return Promise.resolve()
    return this.track(this.store.forgetOwner(connectionId).then(() => undefined))
  }

  serve(
    remoteUrl: string,
    options: { range?: string; signal?: AbortSignal } = {}
  ): Promise<MediaAnswer> {
    if (this.closed) return Promise.resolve(empty(503))
    return this.track(this.serveOpen(remoteUrl, options))
  }

  private async serveOpen(
    remoteUrl: string,
    options: { range?: string; signal?: AbortSignal }
  ): Promise<MediaAnswer> {
    const url = mediaKeyUrl(remoteUrl)
    if (url === null) return empty(404)
    const key = mediaKey(url)

    const fromDisk = await this.fromDisk(key, options.range)
    if (fromDisk) {
      this.store.addOwners(key, this.allowList.ownersOf(url))
      return fromDisk
    }
    const pending = this.downloads.get(key)
    if (pending) {
      // This request gives up on its own (viewer gone, or waited long enough); the
      // download goes on for the others and for the cache.
      const waited = await waitOwn(
        pending.catch(() => null),
        options.signal,
        this.timeouts.waitMs
      )
      if (!waited.done) return empty(504)
      const after = await this.fromDisk(key, options.range)
      if (after) return after
    }
    // Stored files were allowed when fetched; a fetch needs the address to be allowed now.
    if (!this.allowList.isAllowed(url)) return empty(404)

    let fetched: FetchedMedia
    try {
      fetched = await this.options.fetchMedia(url, {
        ...(options.range ? { range: options.range } : {}),
        // The route's own per-request signal, or close(): a video streamed through must
        // stop when its viewer goes, so this one is not unlinked when serve() returns.
        signal: options.signal
          ? AbortSignal.any([options.signal, this.closing.signal])
          : this.closing.signal,
        maxBytes: this.maxStreamBytes,
        owners: this.allowList.ownersOf(url)
      })
    } catch (e) {
      this.log.warn(
        `[media] could not fetch media from ${new URL(url).host}: ${(e as Error).message}`
      )
      return empty(failureStatus(e))
    }
    return this.answerFetched(key, url, fetched, options.range)
  }

  /**
   * Downloads a video, audio or image for offline use and keeps it before anything else
   * when space runs out. The address must be one the marketplace sent.
   */
  async keepOffline(remoteUrl: string): Promise<{ bytes: number; contentType: string }> {
    if (this.closed)
      throw new AppFailure('internal', 'Seller Desk is closing: the file was not downloaded.')
    const url = mediaKeyUrl(remoteUrl)
    if (url === null || !this.allowList.isAllowed(url)) {
      throw new AppFailure(
        'not-found',
        'This media file is not part of your catalogue, so it was not downloaded.'
      )
    }
    const key = mediaKey(url)
    const entry = await this.download(url, key, {
      kept: true,
      owners: this.allowList.ownersOf(url)
    })
    return { bytes: entry.size, contentType: entry.contentType }
  }

  /** Whether the seller kept this file offline, and its size when so (for the Keep offline button). */
  async offlineState(remoteUrl: string): Promise<{ kept: boolean; bytes: number | null }> {
    const url = mediaKeyUrl(remoteUrl)
    if (url === null || this.closed) return { kept: false, bytes: null }
    const entry = await this.store.peek(mediaKey(url))
    return entry?.kept ? { kept: true, bytes: entry.size } : { kept: false, bytes: null }
  }

  /**
   * Deletes a copy the seller kept offline ("Remove offline copy"): video and audio are
   * never cached otherwise, so the file goes rather than staying as an ordinary entry.
   * Files not kept are left alone (an image the grid uses is not the seller's to drop here).
   */
  async releaseOffline(remoteUrl: string): Promise<{ kept: false; bytes: null }> {
    const url = mediaKeyUrl(remoteUrl)
    if (url !== null && !this.closed) {
      const key = mediaKey(url)
      await this.track(
        (async () => {
          if ((await this.store.peek(key))?.kept) {
            await this.store.drop(key)
            await this.store.flush()
          }
        })()
      )
    }
    return { kept: false, bytes: null }
  }

  /**
   * Fetches images not yet stored, a few at a time, in the background. Addresses come from
   * main's own data (the catalogue), so they are not checked against the allow list.
   */
  prefetch(
    urls: Iterable<string>,
    options: PrefetchOptions = {}
  ): Promise<{ stored: number; failed: number }> {
    if (this.closed) return Promise.resolve({ stored: 0, failed: 0 })
    const run = this.track(this.prefetchOpen([...urls], options))
    if (options.priority !== 'low') {
      // Registered now, not when the run starts: a low run begun in the same tick waits.
      const settled = run.catch(() => undefined)
      this.highRuns.add(settled)
      void settled.then(() => this.highRuns.delete(settled))
    }
    return run
  }

  /** Resolves when no high-priority run is under way (or the caller gave up). */
  private async highRunsDone(signal: AbortSignal | undefined): Promise<void> {
    const link = linkedSignal([signal, this.closing.signal])
    const stopped = new Promise<void>((resolve) => {
      if (link.signal.aborted) resolve()
      else link.signal.addEventListener('abort', () => resolve(), { once: true })
    })
    try {
      while (this.highRuns.size > 0 && !link.signal.aborted)
        await Promise.race([stopped, ...this.highRuns])
    } finally {
      link.release()
    }
  }

  private async prefetchOpen(
    urls: string[],
    options: PrefetchOptions
  ): Promise<{ stored: number; failed: number }> {
    await this.store.open()
    const owners = options.owner === undefined ? [] : [options.owner]
    const queue = [...new Set(urls.map(mediaKeyUrl).filter((u): u is string => u !== null))].filter(
      (u) => {
        const key = mediaKey(u)
        if (!this.store.has(key)) return true
        this.store.addOwners(key, owners)
        return false
      }
    )
    let stored = 0
    let failed = 0
    const low = options.priority === 'low'
    const fillRatio = Math.min(1, Math.max(0, options.fillRatio ?? 1))
    /** Files whose body stalled or trickled: tried once more when the rest are done. */
    const stalled: string[] = []
    let lastPass = false
    const worker = async (): Promise<void> => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        if (low) await this.highRunsDone(options.signal)
        if (options.signal?.aborted || this.closing.signal.aborted) return
        // Room left under this run's share of the limit; each file is capped to it, so the
        // run stops short of the share (give or take the other workers' files in flight).
        const room = Math.floor(fillRatio * this.store.limitBytes) - this.store.stats().bytes
        if (fillRatio < 1 && room <= 0) return
        try {
          await this.download(url, mediaKey(url), {
            kept: false,
            owners: [...owners, ...this.allowList.ownersOf(url)],
            ...(options.signal ? { signal: options.signal } : {}),
            ...(fillRatio < 1 ? { maxBytes: room } : {})
          })
          stored++
        } catch (e) {
          if (e instanceof MediaBodyTimeout && !lastPass) stalled.push(url)
          else failed++
        }
      }
    }
    const workers = (): Promise<unknown> =>
      Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker))
    await workers()
    if (stalled.length > 0) {
      // A site that stalled may be busy for a while: later, once, after everything else.
      await this.pause(this.timeouts.retryDelayMs, options.signal)
      lastPass = true
      queue.push(...stalled.filter((u) => !this.store.has(mediaKey(u))))
      stalled.length = 0
      await workers()
    }
    return { stored, failed }
  }

  async stats(): Promise<{ bytes: number; files: number; limitBytes: number }> {
    await this.store.open()
    return { ...this.store.stats(), limitBytes: this.store.limitBytes }
  }

  setLimit(bytes: number): Promise<void> {
    return this.store.setLimit(bytes)
  }

  clear(): Promise<void> {
    return this.store.clear()
  }

  /** Writes pending index changes now (they are otherwise batched). */
  flush(): Promise<void> {
    return this.store.flush()
  }

  /**
   * Stops for good: aborts every fetch this cache started, waits for every download and
   * store still running (their files and the index), writes the index once more, then
   * refuses further work. After it resolves nothing more is written under media/, so the
   * data folder can be removed (tests) or the app can quit without a torn file.
   */
  close(): Promise<void> {
    this.closed ??= (async () => {
      this.closing.abort()
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight])
      await this.store.close()
    })()
    return this.closed
  }

  private imageLimits(): { idleMs: number; totalMs: number } {
    return { idleMs: this.timeouts.idleMs, totalMs: this.timeouts.imageTotalMs }
  }

  /** Resolves after `ms`, or at once when `signal` or close() aborts. */
  private async pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    const link = linkedSignal([signal, this.closing.signal])
    try {
      await waitOwn(new Promise<never>(() => undefined), link.signal, ms)
    } finally {
      link.release()
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work)
    const settled = (): void => {
      this.inFlight.delete(work)
    }
    work.then(settled, settled)
    return work
  }

  private async fromDisk(key: string, range: string | undefined): Promise<MediaAnswer | null> {
    const entry = await this.store.get(key)
    if (!entry) return null
    const path = this.store.pathOf(key)
    const headers = {
      'content-type': entry.contentType,
      'accept-ranges': 'bytes',
      'cache-control': 'no-cache',
      ...safetyHeaders(entry.contentType)
    }
    const wanted = parseRange(range, entry.size)
    try {
      if (wanted === 'unsatisfiable') {
        return {
          status: 416,
          headers: { ...headers, 'content-range': `bytes */${entry.size}` },
          body: null
        }
      }
      if (wanted === null) {
        const body =
          entry.size <= SMALL_FILE
            ? new Uint8Array(await readFile(path))
            : await fileRangeStream(path, { start: 0, end: entry.size - 1 })
        if (body instanceof Uint8Array && body.byteLength !== entry.size)
          throw new Error('size changed')
        return { status: 200, headers: { ...headers, 'content-length': String(entry.size) }, body }
      }
      return {
        status: 206,
        headers: {
          ...headers,
          'content-length': String(wanted.end - wanted.start + 1),
          'content-range': `bytes ${wanted.start}-${wanted.end}/${entry.size}`
        },
        body: await fileRangeStream(path, wanted)
      }
    } catch {
      // Deleted or damaged behind our back: forget it and fetch again.
      this.log.warn('[media] a cached media file was missing or unreadable; fetching it again')
      await this.store.drop(key)
      return null
    }
  }

  private async answerFetched(
    key: string,
    url: string,
    fetched: FetchedMedia,
    range: string | undefined
  ): Promise<MediaAnswer> {
    if (fetched.status !== 200 && fetched.status !== 206) {
      await fetched.body?.cancel().catch(() => {})
      if (fetched.status === 404 || fetched.status === 410) return empty(404)
      if (fetched.status === 416)
        return { status: 416, headers: pick(fetched.headers, ['content-range']), body: null }
      return empty(502)
    }
    const type = baseType(fetched.headers)
    const kind = classify(type)
    if (kind === 'refused') {
      await fetched.body?.cancel().catch(() => {})
      this.log.warn(
        `[media] refused media from ${new URL(url).host}: content type "${type.slice(0, 60) || 'none'}"`
      )
      return empty(415)
    }
    if (kind === 'image' && fetched.status === 200) {
      const body = fetched.body ? guardBody(fetched.body, this.imageLimits()) : null
      const bytes = await readCapped(body, this.maxImageBytes).catch((e: unknown) =>
        e instanceof MediaBodyTimeout ? e : undefined
      )
      if (bytes instanceof MediaBodyTimeout) {
        this.log.warn(`[media] gave up on an image from ${new URL(url).host}: ${bytes.message}`)
        return empty(504)
      }
      if (bytes === undefined) return empty(502)
      if (bytes === null) {
        this.log.warn(
          `[media] refused an image over ${Math.round(this.maxImageBytes / MB)} MB from ${new URL(url).host}`
        )
        return empty(502)
      }
      const stored = await this.store
        .put(key, bytes, type, false, this.maxImageBytes, this.allowList.ownersOf(url))
        .catch(() => null)
      if (stored) {
        const answer = await this.fromDisk(key, range)
        if (answer) return answer
      }
      return {
        status: 200,
        headers: {
          'content-type': type,
          'content-length': String(bytes.byteLength),
          ...safetyHeaders(type)
        },
        body: bytes
      }
    }
    // Video and audio (and a partial image): straight through, the seek range kept intact.
    return {
      status: fetched.status,
      headers: {
        ...pick(fetched.headers, ['content-length', 'content-range', 'accept-ranges']),
        'content-type': type,
        ...safetyHeaders(type)
      },
      body: fetched.body
    }
  }

  /** One download per address at a time; the serve path waits for it rather than racing. */
  private download(url: string, key: string, options: DownloadOptions): Promise<MediaEntry> {
    const running = this.downloads.get(key)
    if (running && !options.kept) {
      return running.then((e) => {
        if (!e) throw new Error('download failed')
        return e
      })
    }
    const work = this.track(this.downloadOnce(url, key, options))
    const tracked = work.catch(() => null)
    this.downloads.set(key, tracked)
    void tracked.then(() => {
      if (this.downloads.get(key) === tracked) this.downloads.delete(key)
    })
    return work
  }

  private async downloadOnce(
    url: string,
    key: string,
    options: DownloadOptions
  ): Promise<MediaEntry> {
    const existing = await this.store.get(key)
    if (existing) {
      this.store.addOwners(key, options.owners)
      return options.kept ? ((await this.store.markKept(key)) ?? existing) : existing
    }
    // One signal per request, linked to the caller's and to close() and unlinked when the
    // download ends: a prefetch run shares one signal across hundreds of downloads, and
    // listeners left on it would pile up (MaxListenersExceededWarning) and pin each request.
    const link = linkedSignal([options.signal, this.closing.signal])
    let entry: MediaEntry | null
    let cap: number
    const room = options.maxBytes ?? Infinity
    try {
      const fetched = await this.options.fetchMedia(url, {
        signal: link.signal,
        maxBytes: Math.min(room, options.kept ? this.maxStreamBytes : this.maxImageBytes),
        owners: options.owners
      })
      const type = baseType(fetched.headers)
      const kind = classify(type)
      if (fetched.status !== 200 || kind === 'refused' || (kind === 'stream' && !options.kept)) {
        await fetched.body?.cancel().catch(() => {})
        throw new AppFailure('bad-response', 'The marketplace did not send this media file.')
      }
      cap = Math.min(room, kind === 'image' ? this.maxImageBytes : this.maxStreamBytes)
      entry = await this.store.put(
        key,
        fetched.body
          ? guardBody(fetched.body, {
              idleMs: this.timeouts.idleMs,
              totalMs: options.kept ? this.timeouts.keptTotalMs : this.timeouts.imageTotalMs
            })
          : new Uint8Array(0),
        type,
        options.kept,
        cap,
        options.owners
      )
    } finally {
      link.release()
    }
    if (!entry) {
      const limit = Math.min(cap, this.store.limitBytes)
      throw new AppFailure(
        'invalid-input',
        `This file is larger than ${Math.round(limit / MB)} MB, more than the media cache holds: raise the cache limit to keep it offline.`
      )
    }
    return entry
  }
}

/**
 * An AbortSignal that aborts when any of `sources` does, for one request. `release()`
 * takes its listeners off the sources again (AbortSignal.any cannot be unlinked early).
 */
function linkedSignal(sources: Array<AbortSignal | undefined>): {
  signal: AbortSignal
  release(): void
} {
  const controller = new AbortController()
  const live = sources.filter((s): s is AbortSignal => s !== undefined)
  const onAbort = (): void => controller.abort()
  if (live.some((s) => s.aborted)) controller.abort()
  else for (const s of live) s.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    release: () => {
      for (const s of live) s.removeEventListener('abort', onAbort)
    }
  }
}

function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of names) {
    const v = headers[name]
    if (v !== undefined) out[name] = v
  }
  return out
}
