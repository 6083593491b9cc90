import type { Operation } from './wire/envelopes'
import { hasPayload, messageOf } from './wire/normalise'
import { MarketplaceError, messages } from './errors'
import { retryAfterFrom } from './retry-after'
import { scrubKey } from './scrub'
import {
  MAX_LISTED_ITEMS,
  scanItemsAnswer,
  TooManyItems,
  type ScannedItems
} from './wire/items-scan'

export interface Answer {
  status: number
  headers: Headers
  body: Uint8Array
  /** The URL that was requested, to resolve a relative Location against. */
  url: URL
}

/** What an answer means once HTTP and shape are read; per-operation meaning comes after. */
export type Reading =
  | {
      type: 'payload'
      body: unknown
      /**
       * The item list's items, read one by one from the answer's bytes (`body` then holds
       * `items: []`). `whole` is the answer decoded whole, as without the scan: the verdict
       * when an item turns out not to be JSON.
       */
      items?: ScannedItems & { whole(): Reading }
    }
  /** The spec's `{status, msg}`: "nothing found", "invalid code", "invalid request". */
  | { type: 'error-envelope'; body: unknown; message: string | null }

type Decoded = { type: 'json'; value: unknown } | { type: 'html' } | { type: 'other' }

function decode(answer: Answer): Decoded {
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(answer.body)
    .replace(/^\ufeff/, '')
    .trim()
  // Shape decides, not Content-Type: PHP sites send JSON as text/html and HTML as anything.
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return { type: 'json', value: JSON.parse(text) as unknown }
    } catch {
      return { type: 'other' }
    }
  }
  if (text.startsWith('<') || /html/i.test(answer.headers.get('content-type') ?? ''))
    return { type: 'html' }
  return { type: 'other' }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

const has = (v: Record<string, unknown>, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(v, key) && v[key] !== null && v[key] !== undefined

/**
 * `{status, msg}` with any status text (real-installs §11: translated, empty, null).
 * A body with a payload key is not an error envelope, even a malformed one: that is a
 * bad answer, reported by field.
 */
function isEnvelope(v: unknown): boolean {
  return (
    isRecord(v) &&
    Object.prototype.hasOwnProperty.call(v, 'status') &&
    !has(v, 'data') &&
    !has(v, 'items') &&
    !has(v, 'item')
  )
}

/**
 * Server text shown to the seller or logged: one line, bounded, and never the key nor a
 * long piece of it (belt and braces). Scrubbed before the final cut, so that a cut cannot
 * leave a piece too short to recognise but still long.
 */
export function cleanServerText(
  text: string | null,
  apiKey: string,
  maxLength = 300
): string | null {
  if (text === null) return null
  let s = scrubKey(
    text
      .slice(0, maxLength * 4)
      .replace(/\s+/g, ' ')
      .trim(),
    apiKey
  )
  if (s.length > maxLength) s = `${s.slice(0, maxLength - 3)}...`
  return s === '' ? null : s
}

/** Where a debug-mode exception is usually named in Laravel's JSON (real-installs §34). */
const DEBUG_FIELDS = ['exception', 'message', 'file', 'line'] as const

/**
 * What a 500 says about itself, for the log only (real-installs §34): a site in debug mode sends
 * the exception, file and line; that helps the site's admin, never the seller's screen.
 */
export function debugDetails(answer: Answer, apiKey: string): string | null {
  const decoded = decode(answer)
  let text: string | null = null
  if (decoded.type === 'json' && isRecord(decoded.value)) {
    const body = decoded.value
    const parts = DEBUG_FIELDS.filter(
      (k) => typeof body[k] === 'string' || typeof body[k] === 'number'
    ).map((k) => `${k}: ${String(body[k])}`)
    text = parts.length > 0 ? parts.join('; ') : null
  } else if (decoded.type === 'other') {
    text = new TextDecoder('utf-8', { fatal: false }).decode(answer.body.subarray(0, 4000))
  }
  // An HTML error page is the site's theme, not details worth a log line.
  return cleanServerText(text, apiKey, 500)
}

function redirectError(answer: Answer, basePath: string): MarketplaceError {
  const location = answer.headers.get('location')
  let target: URL | null = null
  try {
    target = location ? new URL(location, answer.url) : null
  } catch {
    target = null
  }
  const path = target?.pathname.replace(/\/+$/, '') ?? null
  const toHome = path !== null && (path === '' || path === basePath)
  // real-installs §1: a browser-looking agent is sent to the home page. Anything else
  // (http->https, /index.php, a moved site) is a misrouted address. Never followed: the
  // Location may point at another host, and the request carries the key.
  return toHome
    ? new MarketplaceError('blocked', messages.blocked(), { status: answer.status })
    : new MarketplaceError('api-unavailable', messages.redirected(), { status: answer.status })
}

const DATA_FAULT_SUBJECT: Record<Operation, string | null> = {
  account: null,
  items: 'the item list',
  item: 'this item',
  purchase: 'this purchase'
}

/**
 * HTTP status and body shape into a Reading or a MarketplaceError (real-installs
 * §1–5, 9, 11, 12, 34). Success is 200 plus the payload key; `status`/`msg` values are
 * never compared.
 */
export function interpret(
  operation: Operation,
  answer: Answer,
  ctx: {
    basePath: string
    apiKey: string
    now: number
    log?: (message: string) => void
    /** False: the item list is decoded whole, never scanned item by item. */
    scan?: boolean
    /**
     * The item list's answer scanned already, in time slices (paced-request.ts): what
     * scanItemsAnswer gave or threw. Without it a 200 item list is scanned here, in one go.
     */
    scanned?: { result: ScannedItems | null } | { threw: unknown }
  }
): Reading {
  const { status } = answer
  const opts = { status }
  if (status >= 300 && status < 400) throw redirectError(answer, ctx.basePath)
  if (status === 429) {
    const retryAfterMs = retryAfterFrom(answer.headers, ctx.now)
    throw new MarketplaceError('rate-limited', messages.rateLimited(retryAfterMs), {
      ...opts,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs })
    })
  }
  if (status === 502 || status === 503 || status === 504) {
    const retryAfterMs = retryAfterFrom(answer.headers, ctx.now)
    throw new MarketplaceError('server', messages.unavailable(status, retryAfterMs), {
      ...opts,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs })
    })
  }
  if (status >= 500) {
    // Debug-mode exception details (real-installs §34) go to the log, never into the message.
    const details = ctx.log ? debugDetails(answer, ctx.apiKey) : null
    if (details !== null)
      ctx.log?.(`Marketplace ${operation} request failed with HTTP ${status}: ${details}`)
    const subject = DATA_FAULT_SUBJECT[operation]
    throw new MarketplaceError(
      'server',
      status === 500 && subject ? messages.serverDataFault(subject) : messages.server(status),
      opts
    )
  }
  if (status === 401) throw new MarketplaceError('unauthorized', messages.unauthorized(), opts)

  // An answer decoded whole would be a payload here, with these very items (see items-scan.ts).
  if (operation === 'items' && status === 200 && ctx.scan !== false) {
    let scanned: ScannedItems | null
    try {
      const done = ctx.scanned
      if (done && 'threw' in done) throw done.threw
      scanned = done ? done.result : scanItemsAnswer(answer.body)
    } catch (e) {
      if (!(e instanceof TooManyItems)) throw e
      throw new MarketplaceError('bad-response', messages.tooManyItems(MAX_LISTED_ITEMS), {
        status
      })
    }
    if (scanned)
      return {
        type: 'payload',
        body: scanned.head,
        items: {
          ...scanned,
          whole: () => interpret(operation, answer, { ...ctx, scan: false, scanned: undefined })
        }
      }
  }
  const decoded = decode(answer)
  const body = decoded.type === 'json' ? decoded.value : undefined
  const envelope = decoded.type === 'json' && isEnvelope(body)

  if (status === 403) {
    if (envelope) throw new MarketplaceError('unauthorized', messages.unauthorized(), opts)
    throw new MarketplaceError('blocked', messages.forbidden(), opts)
  }
  if (decoded.type === 'html')
    throw new MarketplaceError('api-unavailable', messages.htmlPage(), opts)

  if (status === 200) {
    if (decoded.type !== 'json')
      throw new MarketplaceError('bad-response', messages.notJson(), opts)
    if (hasPayload(operation, body)) return { type: 'payload', body }
    if (envelope)
      return { type: 'error-envelope', body, message: cleanServerText(messageOf(body), ctx.apiKey) }
    return { type: 'payload', body }
  }
  if (status === 400 || status === 422) {
    const text = cleanServerText(messageOf(body), ctx.apiKey)
    throw new MarketplaceError('invalid-input', messages.invalidInput(text), opts)
  }
  if (status === 404) {
    // real-installs §2: the API switched off answers 404 with HTML or `{"message":""}`.
    if (envelope)
      return { type: 'error-envelope', body, message: cleanServerText(messageOf(body), ctx.apiKey) }
    throw new MarketplaceError('api-unavailable', messages.apiOff(), opts)
  }
  if (status === 405) throw new MarketplaceError('api-unavailable', messages.wrongMethod(), opts)
  if (envelope)
    return { type: 'error-envelope', body, message: cleanServerText(messageOf(body), ctx.apiKey) }
  throw new MarketplaceError('bad-response', messages.unexpectedStatus(status), opts)
}
