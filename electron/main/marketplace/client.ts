import type { Account, Item } from '../../../shared/model'
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
import { hostIsLocal } from './address-class'
import { guardedFetch } from './guarded-fetch'
import { fetchMedia, type MediaOptions, type MediaResponse } from './media'
import type { Pacer, PacerPriority } from './pacer'
import { getPacer } from './pacer-registry'
import { normalisePurchaseCode } from '../../../shared/purchase-code'
import type { PurchaseAnswer } from '../../../shared/verdict'
import { scrubKey } from './scrub'
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
  /** Where a debug-mode 500's details go (scrubbed of the key); default console. */
  log?: { warn(message: string): void }
  /** Epoch ms, for how long a proof of the key lasts; default Date.now. */
  now?: () => number
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
   * or buyer's key (real-installs §12, 15): the client cannot tell them apart, so it
   * returns an empty list; callers check the key with getAccount.
   */
  notFound: boolean
}

/** The marketplace's answer to a code: one type with the rest of the app (shared/verdict.ts). */
export type ValidationResult = PurchaseAnswer

export interface MarketplaceClient {
  readonly baseUrl: string
  readonly pacer: Pacer
  getAccount(options?: CallOptions): Promise<Account>
  /**
   * The catalogue as a plain list: broken items left out (and logged), and a "No Items
   * Found" answer read as an empty shop. The app uses listItemsReport to say which.
   */
  listItems(options?: CallOptions): Promise<Item[]>
  /** The same read, with what a plain list cannot say: skipped items and "No Items Found". */
  listItemsReport(options?: CallOptions): Promise<ItemsResult>
  getItem(id: number, options?: CallOptions): Promise<Item>
  validatePurchase(code: string, options?: CallOptions): Promise<ValidationResult>
  fetchMedia(url: string, options?: MediaOptions): Promise<MediaResponse>
}

const DEFAULT_TIMEOUT_MS = 15_000
/**
 * How long a proof that the key works (an account read, a valid verdict) is trusted
 * before a "not valid" answer is double-checked again.
 */
export const KEY_PROOF_MS = 10 * 60_000
const DEFAULT_MAX_BODY = 20 * 1024 * 1024

/** A 429 without Retry-After: back off 1 s, 2 s, 4 s... (real-installs §4). */
function backoffMs(attempt: number): number {
  return 1000 * 2 ** attempt
}

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
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY
  const userAgent = options.userAgent ?? defaultUserAgent()
  const attempts = Math.max(0, options.retry?.attempts ?? 2)
  const maxWaitMs = options.retry?.maxWaitMs ?? 65_000
  const log = options.log ?? console
  const now = options.now ?? Date.now

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
        { basePath, apiKey, now: Date.now(), log: (m) => log.warn(m) }
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
    // The message quotes raw values: a server echoing the key must not get it on screen.
    return new MarketplaceError('bad-response', messages.badShape(scrubKey(message, apiKey)), {
      status
    })
  }

  // Real installs answer a bad key on validation exactly like a bad code
  // (real-installs §12, 17): 404 "Invalid purchase code". A "not valid" is only believed once the
  // key is known to work; the proof is kept for a while, so a bulk run costs one extra
  // account read at most per window, and so is a refusal.
  let keyGoodAt: number | null = null
  let keyRefusedAt: number | null = null
  let confirming: Promise<boolean> | null = null
  const recent = (at: number | null): boolean => at !== null && now() - at < KEY_PROOF_MS

  function keyWorks(): void {
    keyGoodAt = now()
    keyRefusedAt = null
  }

  async function readAccount(callOptions: CallOptions | undefined): Promise<Account> {
    const reading = await call(
      'account',
      { url: withKey(endpoint('account/details')), method: 'GET' },
      callOptions
    )
    if (reading.type === 'error-envelope')
      throw new MarketplaceError('unauthorized', messages.unauthorized())
    const parsed = parseAccountResponse(reading.body)
    if (!parsed.ok) throw badShape(200, parsed.message)
    keyWorks()
    return parsed.value
  }

  /**
   * True when the key works, false when the marketplace refuses it; other failures
   * (offline, a server error) are thrown: the verdict cannot be trusted either way.
   */
  async function confirmKey(callOptions: CallOptions): Promise<boolean> {
    try {
      await readAccount(callOptions)
      return true
    } catch (e) {
      if (!(e instanceof MarketplaceError && e.kind === 'unauthorized')) throw e
    }
    // real-installs §14: a banned seller's account read is refused while the rest still answers,
    // and only a working seller key is shown a catalogue. One more request, and only here.
    if (!(await listItemsReport(callOptions)).notFound) return true
    keyRefusedAt = now()
    return false
  }

  async function keyIsGood(callOptions: CallOptions): Promise<boolean> {
    if (recent(keyGoodAt)) return true
    if (recent(keyRefusedAt)) return false
    // One account read shared by every validation waiting on it; it takes no caller's
    // signal, so one cancelled check does not fail the others.
    confirming ??= confirmKey(
      callOptions.priority ? { priority: callOptions.priority } : {}
    ).finally(() => {
      confirming = null
    })
    return untilAborted(confirming, callOptions.signal)
  }

  async function listItemsReport(callOptions?: CallOptions): Promise<ItemsResult> {
    const reading = await call(
      'items',
      { url: withKey(endpoint('items/all')), method: 'GET' },
      callOptions
    )
    if (reading.type === 'error-envelope') return { items: [], skipped: [], notFound: true }
    const parsed = parseItemsResponse(reading.body)
    if (!parsed.ok) throw badShape(200, parsed.message)
    // Only a working seller key is shown the catalogue.
    keyWorks()
    return { items: parsed.value, skipped: parsed.skipped, notFound: false }
  }

  let mediaFetch: FetchLike | null = null

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
      const reading = await call('item', { url, method: 'GET' }, callOptions)
      if (reading.type === 'error-envelope')
        throw new MarketplaceError('not-found', messages.notFound(id))
      const parsed = parseItemResponse(reading.body)
      if (!parsed.ok) throw badShape(200, parsed.message)
      keyWorks()
      return parsed.value
    },

    async validatePurchase(raw, callOptions) {
      const { code } = normalisePurchaseCode(raw)
      if (code === '')
        throw new MarketplaceError('invalid-input', 'Paste the purchase code the buyer gave you.')
      // A code never holds a space or a line break: such text is a sentence, and sending it
      // would only earn a "not valid" and a junk line in the history.
      if (/\s/.test(code))
        throw new MarketplaceError(
          'invalid-input',
          'That is text, not a purchase code (a code has no spaces). Paste just the code.'
        )
      const form = new URLSearchParams({ api_key: apiKey, purchase_code: code })
      const reading = await call(
        'purchase',
        { url: endpoint('purchases/validation'), method: 'POST', form },
        callOptions
      )
      if (reading.type === 'error-envelope') {
        if (!(await keyIsGood(callOptions ?? {})))
          throw new MarketplaceError('unauthorized', messages.keyRefusedOnValidation())
        return { valid: false, message: reading.message ?? 'Invalid purchase code' }
      }
      const parsed = parsePurchaseResponse(reading.body)
      if (!parsed.ok) throw badShape(200, parsed.message)
      // Only the seller's own key gets a purchase back (a banned seller's included, whose
      // account read is refused): as good a proof as an account read.
      keyWorks()
      return { valid: true, purchase: parsed.value }
    },

    fetchMedia(url, mediaOptions) {
      // Loopback and LAN addresses only for a marketplace on one (a seller testing locally).
      mediaFetch ??= options.fetch ?? guardedFetch({ allowLocal: hostIsLocal(base.hostname) })
      return fetchMedia(url, {
        ...mediaOptions,
        fetch: mediaFetch,
        userAgent,
        timeoutMs,
        apiOrigin: base.origin,
        pacer: options.paceSameOriginMedia === false ? null : pacer
      })
    }
  }
}

/** The promise, or `aborted` as soon as the caller's signal fires. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  const aborted = (): MarketplaceError => new MarketplaceError('aborted', messages.aborted())
  if (signal.aborted) return Promise.reject(aborted())
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(aborted())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
