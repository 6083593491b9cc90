import { hasPayload, messageOf } from '../../../shared/normalise'
import { MarketplaceError, messages } from './errors'
import { retryAfterFrom } from './retry-after'

export type Operation = 'account' | 'items' | 'item' | 'purchase'

export interface Answer {
  status: number
  headers: Headers
  body: Uint8Array
  /** The URL that was requested, to resolve a relative Location against. */
  url: URL
}

/** What an answer means once HTTP and shape are read; per-operation meaning comes after. */
export type Reading =
  | { type: 'payload'; body: unknown }
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
 * `{status, msg}` with any status text (real-server point 11: translated, empty, null).
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

/** Server text shown to the seller: one line, bounded, and never the key (belt and braces). */
export function cleanServerText(text: string | null, apiKey: string): string | null {
  if (text === null) return null
  let s = text.replace(/\s+/g, ' ').trim()
  if (apiKey !== '') s = s.split(apiKey).join('•••')
  if (s.length > 300) s = `${s.slice(0, 297)}...`
  return s === '' ? null : s
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
  // Real-server point 1: a browser-looking agent is sent to the home page. Anything else
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
 * HTTP status and body shape into a Reading or a MarketplaceError (real-server points
 * 1 to 5, 9, 11, 12, 34). Success is 200 plus the payload key; `status`/`msg` values are
 * never compared.
 */
export function interpret(
  operation: Operation,
  answer: Answer,
  ctx: { basePath: string; apiKey: string; now: number }
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
    // Debug-mode exception details (point 34) are in the body: deliberately not read.
    const subject = DATA_FAULT_SUBJECT[operation]
    throw new MarketplaceError(
      'server',
      status === 500 && subject ? messages.serverDataFault(subject) : messages.server(status),
      opts
    )
  }
  if (status === 401) throw new MarketplaceError('unauthorized', messages.unauthorized(), opts)

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
    // Point 2: the API switched off answers 404 with HTML or `{"message":""}`.
    if (envelope)
      return { type: 'error-envelope', body, message: cleanServerText(messageOf(body), ctx.apiKey) }
    throw new MarketplaceError('api-unavailable', messages.apiOff(), opts)
  }
  if (status === 405) throw new MarketplaceError('api-unavailable', messages.wrongMethod(), opts)
  if (envelope)
    return { type: 'error-envelope', body, message: cleanServerText(messageOf(body), ctx.apiKey) }
  throw new MarketplaceError('bad-response', messages.unexpectedStatus(status), opts)
}
