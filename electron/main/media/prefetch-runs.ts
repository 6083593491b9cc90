import type { Item } from '../../../shared/model'
import type { MediaCache } from './media-cache'

/**
 * Preview images and screenshots are prefetched only while the media cache is under half
 * its limit: the other half stays for thumbnails, what the seller opens and kept video.
 */
export const GALLERY_FILL_RATIO = 0.5

function thumbnailsOf(items: readonly Item[]): string[] {
  return items.map((i) => i.media.thumbnail).filter((u): u is string => u !== null)
}

/** Preview image, then screenshots, item by item (video and audio are never prefetched). */
function galleryOf(items: readonly Item[]): string[] {
  return items.flatMap((i) => [
    ...(i.media.preview_image !== null ? [i.media.preview_image] : []),
    ...i.media.screenshots
  ])
}

interface PrefetchRun {
  connectionId: string
  kind: 'thumbnails' | 'gallery'
}

/**
 * One prefetch run per connection and kind at a time: a list stored again while its run
 * is under way (a refresh) is fetched when that run ends, so refreshes never stack up
 * concurrent runs. Only the latest list waits; earlier waiting ones are superseded.
 */
class PrefetchRuns {
  private readonly running = new Map<string, { next: string[] | null }>()

  constructor(private readonly run: (urls: string[], run: PrefetchRun) => Promise<unknown>) {}

  start(run: PrefetchRun, urls: string[]): void {
    const key = `${run.kind} ${run.connectionId}`
    const busy = this.running.get(key)
    if (busy) {
      busy.next = urls
      return
    }
    const slot: { next: string[] | null } = { next: null }
    this.running.set(key, slot)
    void (async () => {
      let todo: string[] | null = urls
      while (todo !== null) {
        await this.run(todo, run).catch(() => {})
        todo = slot.next
        slot.next = null
      }
      this.running.delete(key)
    })()
  }
}

export interface ListPrefetch {
  /** The catalogue cache stored a fresh item list: fetch its thumbnails, then its gallery. */
  itemsStored(connectionId: string, items: readonly Item[]): void
  /** Stops every run (the app is closing). */
  stop(): void
}

/** Prefetches the media of each item list the catalogue cache stores, so it shows offline. */
export function createListPrefetch(media: Pick<MediaCache, 'prefetch'>): ListPrefetch {
  const stopping = new AbortController()
  const runs = new PrefetchRuns((urls, run) =>
    media.prefetch(urls, {
      concurrency: 4,
      signal: stopping.signal,
      owner: run.connectionId,
      ...(run.kind === 'gallery' ? { priority: 'low', fillRatio: GALLERY_FILL_RATIO } : {})
    })
  )
  return {
    itemsStored(connectionId, items) {
      // Both start now; the media cache holds gallery downloads back while thumbnails run.
      runs.start({ connectionId, kind: 'thumbnails' }, thumbnailsOf(items))
      runs.start({ connectionId, kind: 'gallery' }, galleryOf(items))
    },
    stop: () => stopping.abort()
  }
}
