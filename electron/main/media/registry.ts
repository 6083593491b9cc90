import type { MediaRegistry } from '../catalogue/ports'

/** Addresses held at most; the oldest allowed go first. */
export const MAX_URLS = 100_000
/**
 * Addresses let go of together once the bound is passed by this many. One at a time, each
 * eviction's `keys().next()` stepped over every entry deleted before it (V8 keeps them in
 * the table until it is rebuilt): listing 100,000 items (700,000 addresses) took 15 s.
 */
export const EVICT_BATCH = 5_000

/** Same spelling for the same address, so the renderer's copy matches what main saw. */
export function mediaKeyUrl(raw: string): string | null {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username !== '' || url.password !== '') return null
    // Only when there is one (a bare '#' too): setting it re-serialises the address, which
    // took as long as parsing it.
    if (url.hash !== '' || url.href.endsWith('#')) url.hash = ''
    return url.toString()
  } catch {
    return null
  }
}

/**
 * The media addresses main has seen in marketplace answers, per connection: the media
 * route fetches these and nothing else, so a renderer cannot make main reach arbitrary
 * hosts. Held in memory; the catalogue service re-allows cached data as it serves it.
 */
export class MediaAllowList implements MediaRegistry {
  private readonly owners = new Map<string, Set<string>>()

  allow(connectionId: string, urls: Iterable<string>): void {
    for (const raw of urls) {
      const url = mediaKeyUrl(raw)
      if (url === null) continue
      let set = this.owners.get(url)
      if (!set) {
        set = new Set()
        this.owners.set(url, set)
        if (this.owners.size > MAX_URLS + EVICT_BATCH) this.evictOldest()
      }
      set.add(connectionId)
    }
  }

  /**
   * Back to the bound, oldest first, in one pass. A catalogue of up to about 14,000 items
   * fits whole; the app's views allow again what they show (a window, an item, a verdict).
   */
  private evictOldest(): void {
    for (const url of this.owners.keys()) {
      if (this.owners.size <= MAX_URLS) return
      this.owners.delete(url)
    }
  }

  isAllowed(raw: string): boolean {
    const url = mediaKeyUrl(raw)
    return url !== null && (this.owners.get(url)?.size ?? 0) > 0
  }

  /** The connections that were sent this address (empty when none). */
  ownersOf(raw: string): string[] {
    const url = mediaKeyUrl(raw)
    return url === null ? [] : [...(this.owners.get(url) ?? [])]
  }

  forgetConnection(connectionId: string): void {
    for (const [url, set] of this.owners) {
      set.delete(connectionId)
      if (set.size === 0) this.owners.delete(url)
    }
  }
}
