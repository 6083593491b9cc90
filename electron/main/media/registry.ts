import type { MediaRegistry } from '../catalogue/ports'

const MAX_URLS = 100_000

/** Same spelling for the same address, so the renderer's copy matches what main saw. */
export function mediaKeyUrl(raw: string): string | null {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username !== '' || url.password !== '') return null
    url.hash = ''
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
        // Oldest first out: a catalogue is far smaller than the bound.
        if (this.owners.size > MAX_URLS) {
          const oldest = this.owners.keys().next().value
          if (oldest !== undefined) this.owners.delete(oldest)
        }
      }
      set.add(connectionId)
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
