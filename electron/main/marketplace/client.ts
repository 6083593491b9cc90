import type { Account, Item } from '../../../shared/model'
import {
  parseAccountResponse,
  parseItemResponse,
  parseItemsResponse,
  parsePurchaseResponse,
  type SkippedItem
} from './wire/normalise'
import { normaliseBaseUrl } from './base-url'
import { MarketplaceError, messages } from './errors'
import type { FetchLike } from './http'
import type { Reading } from './interpret'
import type { Operation } from './wire/envelopes'
import { catalogueAnswers } from './banned-seller'
import { createKeyProof } from './key-proof'
import { createProofBatch } from './proof-batch'
import {
  pacedRequest,
  type ApiRequest,
  type CallOptions,
  type RequestContext
} from './paced-request'
import type { Pacer } from './pacer'
import { getPacer } from './pacer-registry'
import { RETRY_POLICY } from './retry'
import { isOneWord, normaliseCode } from '../../../shared/purchase-code'
import type { PurchaseAnswer } from '../../../shared/verdict'
import { scrubKey } from './scrub'
import { defaultUserAgent } from './user-agent'
import { parseInMain, type ItemReuse, type ItemsParser } from './items-worker/items-parser'

export interface MarketplaceClientOptions {
  baseUrl: string
  apiKey: string
  /** Per attempt, from sending to the last byte; default 15 s (2 min for the whole catalogue). */
  timeoutMs?: number
  fetch?: FetchLike
  /** Default: the shared pacer of the base URL's origin (getPacer). */
  pacer?: Pacer
  userAgent?: string
  /** Cap on an API answer's body; default 20 MB (256 MB for the whole catalogue). */
  maxBodyBytes?: number
  /** Retries after a 429 or a 502/503/504 carrying Retry-After. */
  retry?: { attempts?: number; maxWaitMs?: number }
  /** Where a debug-mode 500's details go (scrubbed of the key); default console. */
  log?: { warn(message: string): void }
  /** Epoch ms, for how long a proof of the key lasts; default Date.now. */
  now?: () => number
  /** How a scanned item list is read into items; default in main, in time slices. */
  parseItems?: ItemsParser
}

interface ItemsResult {
  items: Item[]
  skipped: SkippedItem[]
  /**
   * True when the server answered "No Items Found" (404 or an error envelope) rather
   * than a list. Real installs say so for a shop with 0 or exactly 1 item AND for a bad
   * or buyer's key (real-installs §12, 15): the client cannot tell them apart, so it
   * returns an empty list; callers check the key with getAccount.
   */
  notFound: boolean
}

type ListCallOptions = CallOptions & { reuse?: ItemReuse }

export interface MarketplaceClient {
  readonly baseUrl: string
  readonly pacer: Pacer
  getAccount(options?: CallOptions): Promise<Account>
  /**
   * The catalogue as a plain list: broken items left out (and logged), and a "No Items
   * Found" answer read as an empty shop. The app uses listItemsReport to say which.
   */
  listItems(options?: CallOptions): Promise<Item[]>
  /**
   * The same read, with what a plain list cannot say: skipped items and "No Items Found".
   * `reuse` keeps an item equal to one already in memory as that one.
   */
  listItemsReport(options?: ListCallOptions): Promise<ItemsResult>
  getItem(id: number, options?: CallOptions): Promise<Item>
  validatePurchase(code: string, options?: CallOptions): Promise<PurchaseAnswer>
}

const DEFAULT_TIMEOUT_MS = 15_000
const DEFAULT_MAX_BODY = 20 * 1024 * 1024
// The whole catalogue in one answer: about 780 bytes an item, so 100,000 items are ~78 MB and
// take longer than one item does, even on a fast line. Given limits apply to every call.
const LIST_TIMEOUT_MS = 120_000
const LIST_MAX_BODY = 256 * 1024 * 1024

/**
 * The Seller API's four operations for one base URL and key. Every call is paced,
 * never follows a redirect, and ends in normalised data or a MarketplaceError whose
 * message a seller can act on. The key travels only to the base URL's origin: in the
 * query for GET, in a form body for POST (real-installs §8); never in an error.
 * Throws MarketplaceError('invalid-input' | 'insecure-url') for an unusable base URL or key.
 */
export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  const baseUrl = normaliseBaseUrl(options.baseUrl)
  const apiKey = options.apiKey.trim()
  if (apiKey === '')
    throw new MarketplaceError(
      'invalid-input',
      "Enter the API key from your marketplace's Settings → API."
    )
  const base = new URL(baseUrl)
  const basePath = base.pathname.replace(/\/+$/, '')
  const host = base.host
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init))
  const pacer = options.pacer ?? getPacer(base.origin)
  const parseItems = options.parseItems ?? parseInMain
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const userAgent = options.userAgent ?? defaultUserAgent()
  const log = options.log ?? console
  let sentCount = 0
  const ctx: RequestContext = {
    fetch: fetchImpl,
    pacer,
    timeoutMs,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
    userAgent,
    basePath,
    host,
    apiKey,
    retry: {
      attempts: Math.max(0, options.retry?.attempts ?? RETRY_POLICY.attempts),
      maxWaitMs: options.retry?.maxWaitMs ?? RETRY_POLICY.maxWaitMs
    },
    log,
    nextSent: () => ++sentCount
  }

  function endpoint(path: string): URL {
    return new URL(`${baseUrl}/api/${path}`)
  }

  function withKey(url: URL): URL {
    url.searchParams.set('api_key', apiKey)
    return url
  }

  /** A paced request; a refusal of the key, on any operation, ends the trust in it. */
  async function call(
    operation: Operation,
    request: ApiRequest,
    callOptions?: CallOptions
  ): Promise<Reading> {
    try {
      return await pacedRequest(ctx, operation, request, callOptions)
    } catch (e) {
      if (e instanceof MarketplaceError && e.kind === 'unauthorized') proof.refused(sentOf(request))
      throw e
    }
  }

  const sentOf = (request: ApiRequest): number => request.sent ?? sentCount

  function badShape(status: number, message: string): MarketplaceError {
    // The message quotes raw values: a server echoing the key must not get it on screen.
    return new MarketplaceError('bad-response', messages.badShape(scrubKey(message, apiKey)), {
      status
    })
  }

  const proof = createKeyProof(
    async (callOptions) => {
      try {
        await readAccount(callOptions)
        return true
      } catch (e) {
        if (!(e instanceof MarketplaceError && e.kind === 'unauthorized')) throw e
      }
      return catalogueAnswers(() => listItemsReport(callOptions))
    },
    () => sentCount,
    options.now ?? Date.now
  )
  const bulkProofs = createProofBatch()

  async function readAccount(callOptions: CallOptions | undefined): Promise<Account> {
    const request: ApiRequest = { url: withKey(endpoint('account/details')), method: 'GET' }
    const reading = await call('account', request, callOptions)
    if (reading.type === 'error-envelope') {
      proof.refused(sentOf(request))
      throw new MarketplaceError('unauthorized', messages.unauthorized())
    }
    const parsed = parseAccountResponse(reading.body)
    if (!parsed.ok) throw badShape(200, parsed.message)
    proof.works(sentOf(request))
    return parsed.value
  }

  async function listItemsReport(callOptions?: ListCallOptions): Promise<ItemsResult> {
    const request: ApiRequest = {
      url: withKey(endpoint('items/all')),
      method: 'GET',
      limits: {
        timeoutMs: options.timeoutMs ?? LIST_TIMEOUT_MS,
        maxBodyBytes: options.maxBodyBytes ?? LIST_MAX_BODY
      }
    }
    let reading = await call('items', request, callOptions)
    // Read item by item from the bytes when the answer allows; an item that is not JSON
    // makes the whole answer what it is without the scan (not JSON).
    const scanned = reading.type === 'payload' && reading.items ? reading.items : null
    const quick = scanned ? await parseItems(scanned, { ...callOptions, scrubFor: apiKey }) : null
    if (scanned && !quick) reading = scanned.whole()
    if (reading.type === 'error-envelope') return { items: [], skipped: [], notFound: true }
    const parsed = quick ?? parseItemsResponse(reading.body, { consume: true })
    if (!parsed.ok) throw badShape(200, parsed.message)
    // Only a working seller key is shown the catalogue.
    proof.works(sentOf(request))
    return { items: parsed.value, skipped: parsed.skipped, notFound: false }
  }

  return {
    baseUrl,
    pacer,

    getAccount(callOptions) {
      return readAccount(callOptions)
    },

    async listItems(callOptions) {
      const report = await listItemsReport(callOptions)
      const first = report.skipped[0]
      if (first) {
        const n = report.skipped.length
        log.warn(
          scrubKey(
            `Seller API: left out ${n} malformed item${n === 1 ? '' : 's'} of ${baseUrl}; first: ${first.message}`,
            apiKey
          )
        )
      }
      return report.items
    },

    listItemsReport,

    async getItem(id, callOptions) {
      if (!Number.isSafeInteger(id) || id <= 0) {
        throw new MarketplaceError('invalid-input', 'An item id is a whole number above zero.')
      }
      const url = withKey(endpoint('items/item'))
      url.searchParams.set('item_id', String(id))
      const request: ApiRequest = { url, method: 'GET' }
      const reading = await call('item', request, callOptions)
      if (reading.type === 'error-envelope')
        throw new MarketplaceError('not-found', messages.notFound(id))
      const parsed = parseItemResponse(reading.body)
      if (!parsed.ok) throw badShape(200, parsed.message)
      proof.works(sentOf(request))
      return parsed.value
    },

    async validatePurchase(raw, callOptions) {
      const code = normaliseCode(raw)
      if (code === '')
        throw new MarketplaceError('invalid-input', 'Paste the purchase code the buyer gave you.')
      if (!isOneWord(code))
        throw new MarketplaceError(
          'invalid-input',
          'That is text, not a purchase code (a code has no spaces). Paste just the code.'
        )
      const form = new URLSearchParams({ api_key: apiKey, purchase_code: code })
      const request: ApiRequest = { url: endpoint('purchases/validation'), method: 'POST', form }
      const reading = await bulkProofs.track(callOptions, () =>
        call('purchase', request, callOptions)
      )
      if (reading.type === 'error-envelope') {
        const sent = sentOf(request)
        const asked = callOptions ?? {}
        // A bulk run's "not valid" answers wait a little for one check covering them all.
        if (asked.priority === 'bulk' && !proof.provenAfter(sent))
          await bulkProofs.othersAnswered(() => proof.provenAfter(sent), asked.signal)
        if (!(await proof.isGoodAfter(sent, asked)))
          throw new MarketplaceError('unauthorized', messages.keyRefusedOnValidation())
        return { valid: false, message: reading.message ?? 'Invalid purchase code' }
      }
      const parsed = parsePurchaseResponse(reading.body)
      if (!parsed.ok) throw badShape(200, parsed.message)
      // Only the seller's own key gets a purchase back (a banned seller's included, whose
      // account read is refused): as good a proof as an account read.
      proof.works(sentOf(request))
      return { valid: true, purchase: parsed.value }
    }
  }
}
