import type { Account, Item } from '../../../shared/model'
import type { ItemsPayload, ItemsWindow } from '../../../shared/ipc/contract'

/**
 * Seams between the catalogue service (network + freshness rules) and the stores that
 * make it work offline. The service works without them; the app passes durable ones.
 */

export interface CachedEntry<T> {
  data: T
  /** ISO time the data was fetched from the marketplace. */
  fetchedAt: string
}

/**
 * The window the Items view opens on (FIRST_WINDOW), kept beside the list it was made from:
 * the next start answers it without reading the whole list (7 MB at 10,000 items).
 */
export interface OpeningWindow {
  window: ItemsWindow
  fetchedAt: string
  /** The media addresses of its rows' items, which the media route may then fetch. */
  mediaUrls: string[]
}

/** Per-connection durable copy of what the marketplace answered. Never holds the key. */
export interface CatalogueCache {
  readAccount(connectionId: string): Promise<CachedEntry<Account> | null>
  writeAccount(connectionId: string, entry: CachedEntry<Account>): Promise<void>
  readItems(connectionId: string): Promise<CachedEntry<ItemsPayload> | null>
  /** Whether an item list is stored, without reading it (it may still prove unreadable). */
  hasItems?(connectionId: string): Promise<boolean>
  writeItems(connectionId: string, entry: CachedEntry<ItemsPayload>): Promise<void>
  /**
   * Lets go of the item list kept in memory (the file stays, and is read again when next
   * asked): a refresh about to bring a new list need not hold the old one meanwhile.
   */
  releaseItems?(connectionId: string): void
  /**
   * The item list in memory now, if any (kept, or released and not yet collected), without
   * reading the file: a refresh keeps its unchanged items as these (item-reuse.ts).
   */
  itemsInMemory?(connectionId: string): readonly Item[] | null
  /** The opening window made from the list on disk now; null when none is kept or the list changed since. */
  readOpening?(connectionId: string): Promise<OpeningWindow | null>
  /** Keeps the opening window made from `list`, when `list` is the one on disk (as last read or written). */
  writeOpening?(connectionId: string, list: ItemsPayload, opening: OpeningWindow): Promise<void>
  readItem(connectionId: string, id: number): Promise<CachedEntry<Item> | null>
  writeItem(connectionId: string, entry: CachedEntry<Item>): Promise<void>
  /** Item ids learnt from validated purchases or added by hand (real-installs §15). */
  knownItemIds(connectionId: string): Promise<number[]>
  rememberItemIds(connectionId: string, ids: number[]): Promise<void>
  forget(connectionId: string): Promise<void>
}

/**
 * Media URLs main has seen in the marketplace's own answers: the only ones the media
 * route will fetch, so the renderer cannot make main fetch arbitrary addresses.
 */
export interface MediaRegistry {
  allow(connectionId: string, urls: Iterable<string>): void
}
