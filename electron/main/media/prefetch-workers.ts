import { MediaBodyTimeout, type MediaTimeouts } from './body-guard'
import { mediaKey } from './disk-index'
import type { MediaDiskStore } from './disk-store'
import type { MediaDownloads } from './downloads'
import { linkedSignal, pause } from './linked-signal'
import { mediaKeyUrl } from './registry'
import { foregroundQuiet, timeSlices } from '../util/time-slices'

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

export interface PrefetchDeps {
  store: MediaDiskStore
  downloads: MediaDownloads
  /** The connections that were sent this address (from the allow list). */
  ownersOf(url: string): readonly string[]
  closing: AbortSignal
  track<T>(work: Promise<T>): Promise<T>
  timeouts: MediaTimeouts
}

/**
 * Background downloads of images not yet stored, a few workers at a time: low-priority
 * runs yield to high ones, a run stops at its share of the cache, and files that stalled
 * are tried once more at the end.
 */
export class Prefetcher {
  /** High-priority runs under way; low-priority ones wait for them (settled copies). */
  private readonly highRuns = new Set<Promise<unknown>>()

  constructor(private readonly deps: PrefetchDeps) {}

  run(urls: string[], options: PrefetchOptions): Promise<{ stored: number; failed: number }> {
    const run = this.deps.track(this.runOpen(urls, options))
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
    const link = linkedSignal([signal, this.deps.closing])
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

  private async runOpen(
    urls: string[],
    options: PrefetchOptions
  ): Promise<{ stored: number; failed: number }> {
    const { store, closing } = this.deps
    await store.open()
    const owners = options.owner === undefined ? [] : [options.owner]
    // Waits for the seller end at once when the run is stopped or the app closes.
    const link = linkedSignal([options.signal, closing])
    try {
      const queue = await notStored(urls, store, owners, link.signal)
      return await this.runQueue(queue, owners, options, link.signal)
    } finally {
      link.release()
    }
  }

  /** `stop` aborts when the run's own signal or the app's closing does. */
  private async runQueue(
    queue: string[],
    owners: readonly string[],
    options: PrefetchOptions,
    stop: AbortSignal
  ): Promise<{ stored: number; failed: number }> {
    const { store, downloads } = this.deps
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
        // A prefetch is background work: it waits while the seller types or looks a code up.
        await foregroundQuiet(stop)
        if (stop.aborted) return
        // Room left under this run's share of the limit; each file is capped to it, so the
        // run stops short of the share (give or take the other workers' files in flight).
        const room = Math.floor(fillRatio * store.limitBytes) - store.stats().bytes
        if (fillRatio < 1 && room <= 0) return
        try {
          await downloads.download(url, mediaKey(url), {
            kept: false,
            owners: [...owners, ...this.deps.ownersOf(url)],
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
      await pause(this.deps.timeouts.retryDelayMs, [stop])
      lastPass = true
      queue.push(...stalled.filter((u) => !store.has(mediaKey(u))))
      stalled.length = 0
      await workers()
    }
    return { stored, failed }
  }
}

/**
 * The addresses not stored yet, once each, in list order; those stored get these owners.
 * Done in slices: hashing 100,000 addresses in one go held the host about 300 ms.
 */
async function notStored(
  urls: readonly string[],
  store: PrefetchDeps['store'],
  owners: readonly string[],
  stop: AbortSignal
): Promise<string[]> {
  const seen = new Set<string>()
  const queue: string[] = []
  const slices = timeSlices(4, { background: true, signal: stop })
  for (const raw of urls) {
    if (slices.due()) await slices.turn()
    if (stop.aborted) return []
    const spelt = mediaKeyUrl(raw)
    if (spelt === null) continue
    // The list's own string when it is spelt that way already (as a marketplace's are):
    // the new one dies young, and held here 600,000 of them made every minor GC slow.
    const url = spelt === raw ? raw : spelt
    if (seen.has(url)) continue
    seen.add(url)
    const key = mediaKey(url)
    if (store.has(key)) store.addOwners(key, owners)
    else queue.push(url)
  }
  return queue
}
