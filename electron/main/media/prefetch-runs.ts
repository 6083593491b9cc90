import type { Item } from '../../../shared/model'
import { timeSlices } from '../util/time-slices'
import type { MediaCache } from './media-cache'

/**
 * Preview images and screenshots are prefetched only while the media cache is under half
 * its limit: the other half stays for thumbnails, what the seller opens and kept video.
 */
export const GALLERY_FILL_RATIO = 0.5

/** Items looked at between checks of the clock while their addresses are gathered. */
const ITEMS_PER_CHECK = 512

/**
 * The addresses `pick` takes from each item, gathered in background slices: at 100,000
 * items this is 600,000 addresses, 180 ms in one go, which held up the seller's first
 * searches after a sync. Each slice yields, and waits while the seller is typing.
 */
async function gather(
  items: readonly Item[],
  pick: (item: Item, urls: string[]) => void,
  signal: AbortSignal
): Promise<string[]> {
  const slices = timeSlices(4, { background: true, signal })
  const urls: string[] = []
  for (let n = 0; n < items.length; n++) {
    pick(items[n]!, urls)
    if (n % ITEMS_PER_CHECK === ITEMS_PER_CHECK - 1 && slices.due()) {
      await slices.turn()
      if (signal.aborted) return []
    }
  }
  return urls
}

const thumbnail = (i: Item, urls: string[]): void => {
  if (i.media.thumbnail !== null) urls.push(i.media.thumbnail)
}

/** Preview image, then screenshots, item by item (video and audio are never prefetched). */
const gallery = (i: Item, urls: string[]): void => {
  // Pushed one by one: flatMap with spreads took 250 ms for 100,000 items' 600,000 addresses.
  if (i.media.preview_image !== null) urls.push(i.media.preview_image)
  for (const s of i.media.screenshots) urls.push(s)
}

/** A run's addresses, made when it starts. */
type Addresses = () => Promise<string[]>

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
  private readonly running = new Map<string, { next: Addresses | null }>()

  constructor(private readonly run: (urls: string[], run: PrefetchRun) => Promise<unknown>) {}

  /** `urls` is asked for when the run starts, not when the list is stored (the answer waits for that). */
  start(run: PrefetchRun, urls: Addresses): void {
    const key = `${run.kind} ${run.connectionId}`
    const busy = this.running.get(key)
    if (busy) {
      busy.next = urls
      return
    }
    const slot: { next: Addresses | null } = { next: null }
    this.running.set(key, slot)
    void (async () => {
      let todo: Addresses | null = urls
      while (todo !== null) {
        // A turn first: the list is stored on the way to an answer, which goes out before this.
        await new Promise((resolve) => setImmediate(resolve))
        let addresses: string[] = []
        try {
          addresses = await todo()
        } catch {
          // Nothing to fetch from a list that cannot be read.
        }
        // The addresses are made: let go of the list they came from (a refresh releases it,
        // and a run can last minutes).
        todo = null
        await this.run(addresses, run).catch(() => {})
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
      const { signal } = stopping
      runs.start({ connectionId, kind: 'thumbnails' }, () => gather(items, thumbnail, signal))
      runs.start({ connectionId, kind: 'gallery' }, () => gather(items, gallery, signal))
    },
    stop: () => stopping.abort()
  }
}
