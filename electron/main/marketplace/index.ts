/**
 * The Seller API client: plain Node, no Electron. Everything main needs to talk to a
 * marketplace goes through here.
 */
export { createMarketplaceClient, type MarketplaceClientOptions } from './client'
export { KEY_PROOF_MS } from './key-proof'
export { MarketplaceError } from './errors'
export { normaliseBaseUrl, isLoopbackHost } from './base-url'

export { scrubKey, scrubKeyDeep } from './scrub'
export { getPacer } from './pacer-registry'
export { reserveOf } from './send-budget'
export {
  createPacer,
  type Pacer,
  type PacerClock,
  type PacerPriority,
  type PacerTicket
} from './pacer'
export { parseRetryAfter, parseRateLimitReset, retryAfterFrom, rateLimitFrom } from './retry-after'

export type { FetchLike } from './http'
