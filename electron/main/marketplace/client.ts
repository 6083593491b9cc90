import type { Account, Item, Purchase } from '../../../shared/model'
import {
  parseAccountResponse,
  parseItemResponse,
  parseItemsResponse,
  parsePurchaseResponse,
  type SkippedItem
} from '../../../shared/normalise'
import { normaliseBaseUrl } from './base-url'
import { MarketplaceError, messages } from './errors'
import { Deadline, networkError, readCapped, type FetchLike } from './http'
import { interpret, type Operation, type Reading } from './interpret'
import { fetchMedia, type MediaOptions, type MediaResponse } from './media'
import { getPacer, type Pacer, type PacerPriority } from './pacer'
import { normalisePurchaseCode } from './purchase-code'
import { defaultUserAgent } from './user-agent'

export interface MarketplaceClientOptions {
  baseUrl: string
  apiKey: string
  /** Per attempt, from sending to the last byte; default 15 s. */
  timeoutMs?: number
  fetch?: FetchLike
  /** Default: the shared pacer of the base URL's origin (getPacer). */
  pacer?: Pacer
  userAgent?: string
  /** Cap on an API answer's body; default 20 MB. */
  maxBodyBytes?: number
  /**
   * Media on the API's own origin goes through its pacer (default true): a site may count
   * it against the API budget. A caller that knows its media is static may turn this off.
   */
  paceSameOriginMedia?: boolean
  /** Retries after a 429 or a 502/503/504 carrying Retry-After. */
  retry?: { attempts?: number; maxWaitMs?: number }
}

export interface CallOptions {
  signal?: AbortSignal
  /** Bulk work (many validations) yields to what the seller clicks meanwhile. */
  priority?: PacerPriority
}

export interface ItemsResult {
  items: Item[]
  skipped: SkippedItem[]
  /**
   * True when the server answered "No Items Found" (404 or an error envelope) rather
   * than a list. Real installs say so for a shop with 0 or exactly 1 item AND for a bad
   * or buyer's key (real-server points 12, 15): the client cannot tell them apart, so it
   * returns an empty list; callers check the key with getAccount.
   */
  notFound: boolean
}

export type ValidationResult =
  { valid: true; purchase: Purchase } | { valid: false; message: string }

export interface MarketplaceClient {
  readonly baseUrl: string
  readonly pacer: Pacer
  getAccount(options?: CallOptions): Promise<Account>
  listItems(options?: CallOptions): Promise<ItemsResult>
  getItem(id: number, options?: CallOptions): Promise<Item>
  validatePurchase(code: string, options?: CallOptions): Promise<ValidationResult>
  fetchMedia(url: string, options?: MediaOptions): Promise<MediaResponse>
}

const DEFAULT_TIMEOUT_MS = 15_000
const DEFAULT_MAX_BODY = 20 * 1024 * 1024

/** A 429 without Retry-After: back off 1 s, 2 s, 4 s... (real-server point 4). */
function backoffMs(attempt: number): number {
  return 1000 * 2 ** attempt
}

/**
 * The Seller API's four operations for one base URL and key. Every call is paced,
 * never follows a redirect, and ends in normalised data or a MarketplaceError whose
 * message a seller can act on. The key travels only to the base URL's origin: in the
 * query for GET, in a form body for POST (real-server point 8); never in an error.
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
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY
  const userAgent = options.userAgent ?? defaultUserAgent()
  const attempts = Math.max(0, options.retry?.attempts ?? 2)
  const maxWaitMs = options.retry?.maxWaitMs ?? 65_000

  function endpoint(path: string): URL {
    return new URL(`${baseUrl}/api/${path}`)
  }

  function withKey(url: URL): URL {
    url.searchParams.set('api_key', apiKey)
    return url
  }

  async function once(
    operation: Operation,
    request: { url: URL; method: 'GET' | 'POST'; form?: URLSearchParams },
    call: CallOptions
  ): Promise<Reading> {
    const ticket = await pacer.acquire({
      signal: call.signal,
      ...(call.priority ? { priority: call.priority } : {})
    })
    const deadline = new Deadline(timeoutMs, call.signal)
    let response: Response
    try {
      response = await fetchImpl(request.url, {
        method: request.method,
        headers: {
          'User-Agent': userAgent,
          Accept: 'application/json',
          ...(request.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {})
        },
        ...(request.form ? { body: request.form.toString() } : {}),
        redirect: 'manual',
        credentials: 'omit',
        signal: deadline.signal
      })
    } catch (e) {
      deadline.end()
      ticket.done(null)
      throw networkError(e, deadline, host)
    }
    ticket.done({ status: response.status, headers: response.headers })
    try {
      if (response.status >= 300 && response.status < 400)
        await response.body?.cancel().catch(() => undefined)
      const body =
        response.status >= 300 && response.status < 400
          ? new Uint8Array(0)
          : await readCapped(response, maxBodyBytes, deadline, host)
      return interpret(
        operation,
        { status: response.status, headers: response.headers, body, url: request.url },
        { basePath, apiKey, now: Date.now() }
      )
    } finally {
      deadline.end()
    }
  }

  /** Every operation is a read, so retrying after a 429/503 is safe (validation included). */
  async function call(
    operation: Operation,
    request: { url: URL; method: 'GET' | 'POST'; form?: URLSearchParams },
    callOptions: CallOptions = {}
  ): Promise<Reading> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(operation, request, callOptions)
      } catch (e) {
        if (!(e instanceof MarketplaceError) || attempt >= attempts) throw e
        const overloaded = e.status === 502 || e.status === 503 || e.status === 504
        if (e.kind === 'rate-limited' || (overloaded && e.retryAfterMs !== undefined)) {
          const wait = e.retryAfterMs ?? backoffMs(attempt)
          if (wait > maxWaitMs) throw e
          pacer.holdFor(wait)
          continue
        }
        throw e
      }
    }
  }

  function badShape(status: number, message: string): MarketplaceError {
    return new MarketplaceError('bad-response', messages.badShape(message), { status })
  }

  return {
    baseUrl,
    pacer,

    async getAccount(callOptions) {
      const reading = await call(
        'account',
        { url: withKey(endpoint('account/details')), method: 'GET' },
        callOptions
      )
      if (reading.type === 'error-envelope')
        throw new MarketplaceError('unauthorized', messages.unauthorized())
      const parsed = parseAccountResponse(reading.body)
      if (!parsed.ok) throw badShape(200, parsed.message)
      return parsed.value
    },

    async listItems(callOptions) {
      const reading = await call(
        'items',
        { url: withKey(endpoint('items/all')), method: 'GET' },
        callOptions
      )
      if (reading.type === 'error-envelope') return { items: [], skipped: [], notFound: true }
      const parsed = parseItemsResponse(reading.body)
      if (!parsed.ok) throw badShape(200, parsed.message)
      return { items: parsed.value, skipped: parsed.skipped, notFound: false }
    },

    async getItem(id, callOptions) {
      if (!Number.isSafeInteger(id) || id <= 0) {
        throw new MarketplaceError('invalid-input', 'An item id is a whole number above zero.')
      }
      const url = withKey(endpoint('items/item'))
      url.searchParams.set('item_id', String(id))
      const reading = await call('item', { url, method: 'GET' }, callOptions)
      if (reading.type === 'error-envelope')
        throw new MarketplaceError('not-found', messages.notFound(id))
      const parsed = parseItemResponse(reading.body)
      if (!parsed.ok) throw badShape(200, parsed.message)
      return parsed.value
    },

    async validatePurchase(raw, callOptions) {
      const { code } = normalisePurchaseCode(raw)
      if (code === '')
        throw new MarketplaceError('invalid-input', 'Paste the purchase code the buyer gave you.')
      const form = new URLSearchParams({ api_key: apiKey, purchase_code: code })
      const reading = await call(
        'purchase',
        { url: endpoint('purchases/validation'), method: 'POST', form },
        callOptions
      )
      if (reading.type === 'error-envelope')
        return { valid: false, message: reading.message ?? 'Invalid purchase code' }
      const parsed = parsePurchaseResponse(reading.body)
      if (!parsed.ok) throw badShape(200, parsed.message)
      return { valid: true, purchase: parsed.value }
    },

    fetchMedia(url, mediaOptions) {
      return fetchMedia(url, {
        ...mediaOptions,
        fetch: fetchImpl,
        userAgent,
        timeoutMs,
        apiOrigin: base.origin,
        pacer: options.paceSameOriginMedia === false ? null : pacer
      })
    }
  }
}
