import { join } from 'node:path'
import type { MediaRegistry } from '../catalogue/ports'
import type { StoreLog } from '../cache/versioned-file'
import { AppFailure } from '../ipc/failure'
import { DEFAULT_MEDIA_TIMEOUTS, waitOwn, type MediaTimeouts } from './body-guard'
import { answerFromDisk } from './disk-answer'
import { mediaKey } from './disk-index'
import { MediaDiskStore } from './disk-store'
import { MediaDownloads } from './downloads'
import { answerFetched, emptyAnswer, failureStatus, type FetchedAnswerDeps } from './fetched-answer'
import { Prefetcher, type PrefetchOptions } from './prefetch-workers'
import { MediaAllowList, mediaKeyUrl } from './registry'
import type { FetchedMedia, MediaAnswer, MediaFetcher, MediaService } from './types'

// Their homes are types.ts and prefetch-workers.ts; re-exported while the composition
// root (cache/offline.ts today) still imports them from here.

export type { PrefetchOptions } from './prefetch-workers'

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

// Decimal, like every size the app shows (formatBytes): 500 MB reads "500 MB" when full.
export const DEFAULT_MEDIA_LIMIT_BYTES = 500 * 1000 * 1000
const MB = 1024 * 1024

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
  private readonly downloads: MediaDownloads
  private readonly prefetcher: Prefetcher
  private readonly answers: FetchedAnswerDeps
  /** Aborted by close(): every fetch this cache starts listens to it (through a per-request link). */
  private readonly closing = new AbortController()
  /** Work that may still write under media/ (downloads, stores, prefetch runs): close() waits for it. */
  private readonly inFlight = new Set<Promise<unknown>>()
  private closed: Promise<void> | null = null
  private readonly maxStreamBytes: number
  private readonly log: StoreLog
  private readonly timeouts: MediaTimeouts

  constructor(private readonly options: MediaCacheOptions) {
    this.log = options.log ?? console
    this.timeouts = { ...DEFAULT_MEDIA_TIMEOUTS, ...options.timeouts }
    const maxImageBytes = options.maxImageBytes ?? 20 * MB
    this.maxStreamBytes = options.maxStreamBytes ?? 1024 * MB
    this.store = new MediaDiskStore({
      dir: join(options.dataDir, 'media'),
      limitBytes: options.limitBytes ?? DEFAULT_MEDIA_LIMIT_BYTES,
      log: this.log,
      ...(options.now ? { now: options.now } : {}),
      ...(options.flushDelayMs !== undefined ? { flushDelayMs: options.flushDelayMs } : {})
    })
    const track = <T>(work: Promise<T>): Promise<T> => this.track(work)
    const ownersOf = (url: string): string[] => this.allowList.ownersOf(url)
    this.downloads = new MediaDownloads({
      store: this.store,
      fetchMedia: options.fetchMedia,
      closing: this.closing.signal,
      track,
      timeouts: this.timeouts,
      maxImageBytes,
      maxStreamBytes: this.maxStreamBytes
    })
    this.prefetcher = new Prefetcher({
      store: this.store,
      downloads: this.downloads,
      ownersOf,
      closing: this.closing.signal,
      track,
      timeouts: this.timeouts
    })
    this.answers = {
      store: this.store,
      log: this.log,
      maxImageBytes,
      timeouts: this.timeouts,
      ownersOf
    }
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
    if (this.closed) return Promise.resolve(emptyAnswer(503))
    return this.track(this.serveOpen(remoteUrl, options))
  }

  private async serveOpen(
    remoteUrl: string,
    options: { range?: string; signal?: AbortSignal }
  ): Promise<MediaAnswer> {
    const url = mediaKeyUrl(remoteUrl)
    if (url === null) return emptyAnswer(404)
    const key = mediaKey(url)

    const fromDisk = await answerFromDisk(this.store, key, options.range, this.log)
    if (fromDisk) {
      this.store.addOwners(key, this.allowList.ownersOf(url))
      return fromDisk
    }
    const pending = this.downloads.pending(key)
    if (pending) {
      // This request gives up on its own (viewer gone, or waited long enough); the
      // download goes on for the others and for the cache.
      const waited = await waitOwn(
        pending.catch(() => null),
        options.signal,
        this.timeouts.waitMs
      )
      if (!waited.done) return emptyAnswer(504)
      const after = await answerFromDisk(this.store, key, options.range, this.log)
      if (after) return after
    }
    // Stored files were allowed when fetched; a fetch needs the address to be allowed now.
    if (!this.allowList.isAllowed(url)) return emptyAnswer(404)

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
      return emptyAnswer(failureStatus(e))
    }
    return answerFetched(this.answers, key, url, fetched, options.range)
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
    const entry = await this.downloads.download(url, key, {
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
    return this.prefetcher.run([...urls], options)
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

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work)
    const settled = (): void => {
      this.inFlight.delete(work)
    }
    work.then(settled, settled)
    return work
  }
}
