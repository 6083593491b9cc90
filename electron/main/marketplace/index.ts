/**
 * The Seller API client: plain Node, no Electron. Everything main needs to talk to a
 * marketplace goes through here.
 */
export {
  createMarketplaceClient,
  type CallOptions,
  type ItemsResult,
  type MarketplaceClient,
  type MarketplaceClientOptions
} from './client'
export { KEY_PROOF_MS } from './key-proof'
export { MarketplaceError, isMarketplaceError, type MarketplaceErrorKind } from './errors'
export { normaliseBaseUrl, isLoopbackHost } from './base-url'
export { normalisePurchaseCode } from '../../../shared/purchase-code'
export { scrubKey, scrubKeyDeep } from './scrub'
export { getPacer } from './pacer-registry'
export { reserveOf } from './send-budget'
export {
  createPacer,
  systemClock,
  type Pacer,
  type PacerClock,
  type PacerOptions,
  type PacerPriority,
  type PacerState,
  type PacerTicket
} from './pacer'
export { parseRetryAfter, parseRateLimitReset, retryAfterFrom, rateLimitFrom } from './retry-after'
export { defaultUserAgent } from './user-agent'
export type { FetchLike } from './http'
