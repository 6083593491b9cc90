import type { Account, Item } from '../../../shared/model'
import type { SkippedItem } from '../marketplace/wire/normalise'
import type { PurchaseAnswer } from '../../../shared/verdict'
import type { ReadProgress } from '../marketplace/paced-request'
import type { ItemReuse } from '../marketplace/items-worker/items-parser'

/** How one purchase check is sent: cancellable, and bulk work queues behind the seller's clicks. */
interface PurchaseCallOptions {
  signal?: AbortSignal
  priority?: 'interactive' | 'bulk'
}

/**
 * How a catalogue refresh reads the list: cancellable, saying how far it is
 * (paced-request.ts), and keeping unchanged items as the list in memory holds them.
 */
export interface ListCallOptions {
  signal?: AbortSignal
  onProgress?: ReadProgress
  reuse?: ItemReuse
}

/**
 * What the connection and catalogue services need from the marketplace client
 * (electron/main/marketplace). Declared here so both services are tested with their own.
 * Failures are errors with a `kind` and a seller-facing message (MarketplaceError).
 */
export interface MarketplaceClientLike {
  getAccount(): Promise<Account>
  /**
   * The client's listItemsReport: services must tell the seller about skipped items. A
   * refresh passes its cancel signal and hears how far the read has got.
   */
  listItemsReport(options?: ListCallOptions): Promise<{ items: Item[]; skipped: SkippedItem[] }>
  getItem(id: number, options?: { signal?: AbortSignal }): Promise<Item>
  validatePurchase(code: string, options?: PurchaseCallOptions): Promise<PurchaseAnswer>
  /**
   * The origin's pacer. `throttledUntil` is when the marketplace itself made the client
   * wait until (a 429 or 503), epoch ms; the pacer's own spacing is not counted. A value,
   * not a method: the connection service's key-scrubbing wrapper makes every method async.
   */
  readonly pacer: { state(): { throttledUntil: number | null } }
}

export interface MarketplacePort<C extends MarketplaceClientLike = MarketplaceClientLike> {
  createClient(options: { baseUrl: string; apiKey: string }): C
  /** Canonical form of a base URL; throws a kinded error (insecure-url, invalid-input). */
  normaliseBaseUrl(raw: string): string
}
