import { AppFailure } from '../ipc/failure'
import { guardBody, type MediaTimeouts } from './body-guard'
import type { MediaEntry } from './disk-index'
import type { MediaDiskStore } from './disk-store'
import { linkedSignal } from './linked-signal'
import { baseType, classify } from './media-type'
import type { MediaFetcher } from './types'

const MB = 1024 * 1024

export interface DownloadOptions {
  kept: boolean
  owners: readonly string[]
  signal?: AbortSignal
  /** Refuse a file larger than this (below the usual caps): what a prefetch has room for. */
  maxBytes?: number
}

export interface DownloadsDeps {
  store: MediaDiskStore
  fetchMedia: MediaFetcher
  /** close(): every download listens to it through its own link. */
  closing: AbortSignal
  /** Registers work close() must wait for. */
  track<T>(work: Promise<T>): Promise<T>
  timeouts: MediaTimeouts
  maxImageBytes: number
  maxStreamBytes: number
}

/**
 * Whole files fetched into the disk store (prefetches, "Keep offline"): one download per
 * address at a time, and the serve path waits for it rather than racing.
 */
export class MediaDownloads {
  private readonly running = new Map<string, Promise<MediaEntry | null>>()

  constructor(private readonly deps: DownloadsDeps) {}

  /** The download of this file under way, if any (settles to null when it fails). */
  pending(key: string): Promise<MediaEntry | null> | undefined {
    return this.running.get(key)
  }

  download(url: string, key: string, options: DownloadOptions): Promise<MediaEntry> {
    const running = this.running.get(key)
    if (running && !options.kept) {
      return running.then((e) => {
        if (!e) throw new Error('download failed')
        return e
      })
    }
    const work = this.deps.track(this.downloadOnce(url, key, options))
    const tracked = work.catch(() => null)
    this.running.set(key, tracked)
    void tracked.then(() => {
      if (this.running.get(key) === tracked) this.running.delete(key)
    })
    return work
  }

  private async downloadOnce(
    url: string,
    key: string,
    options: DownloadOptions
  ): Promise<MediaEntry> {
    const { store, timeouts, maxImageBytes, maxStreamBytes } = this.deps
    const existing = await store.get(key)
    if (existing) {
      store.addOwners(key, options.owners)
      return options.kept ? ((await store.markKept(key)) ?? existing) : existing
    }
    // One signal per request, linked to the caller's and to close() and unlinked when the
    // download ends: a prefetch run shares one signal across hundreds of downloads, and
    // listeners left on it would pile up (MaxListenersExceededWarning) and pin each request.
    const link = linkedSignal([options.signal, this.deps.closing])
    let entry: MediaEntry | null
    let cap: number
    const room = options.maxBytes ?? Infinity
    try {
      const fetched = await this.deps.fetchMedia(url, {
        signal: link.signal,
        maxBytes: Math.min(room, options.kept ? maxStreamBytes : maxImageBytes),
        owners: options.owners
      })
      const type = baseType(fetched.headers)
      const kind = classify(type)
      if (fetched.status !== 200 || kind === 'refused' || (kind === 'stream' && !options.kept)) {
        await fetched.body?.cancel().catch(() => {})
        throw new AppFailure('bad-response', 'The marketplace did not send this media file.')
      }
      cap = Math.min(room, kind === 'image' ? maxImageBytes : maxStreamBytes)
      entry = await store.put(
        key,
        fetched.body
          ? guardBody(fetched.body, {
              idleMs: timeouts.idleMs,
              totalMs: options.kept ? timeouts.keptTotalMs : timeouts.imageTotalMs
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
      const limit = Math.min(cap, store.limitBytes)
      throw new AppFailure(
        'invalid-input',
        `This file is larger than ${Math.round(limit / MB)} MB, more than the media cache holds: raise the cache limit to keep it offline.`
      )
    }
    return entry
  }
}
