import type { Account, Item, Purchase } from '../../../shared/model'
import type { SkippedItem } from '../marketplace/wire/normalise'

/**
 * What the connection and catalogue services need from the marketplace client
 * (electron/main/marketplace). Declared here so both services are tested with their own.
 * Failures are errors with a `kind` and a seller-facing message (MarketplaceError).
 */
export interface MarketplaceClientLike {
  getAccount(): Promise<Account>
  /** The client's listItemsReport: services must tell the seller about skipped items. */
  listItemsReport(): Promise<{ items: Item[]; skipped: SkippedItem[] }>
  getItem(id: number): Promise<Item>
  validatePurchase(
    code: string
  ): Promise<{ valid: true; purchase: Purchase } | { valid: false; message: string }>
}

export interface MarketplacePort<C extends MarketplaceClientLike = MarketplaceClientLike> {
  createClient(options: { baseUrl: string; apiKey: string }): C
  /** Canonical form of a base URL; throws a kinded error (insecure-url, invalid-input). */
  normaliseBaseUrl(raw: string): string
}
