import type { ErrorKind } from '../../../shared/errors'

/** The kinds this client raises: a subset of shared ErrorKind, so dispatch passes them through. */
export type MarketplaceErrorKind = Extract<
  ErrorKind,
  | 'invalid-input'
  | 'insecure-url'
  | 'unauthorized'
  | 'not-a-seller'
  | 'not-found'
  | 'rate-limited'
  | 'api-unavailable'
  | 'blocked'
  | 'server'
  | 'bad-response'
  | 'timeout'
  | 'offline'
  | 'aborted'
>

export interface MarketplaceErrorOptions {
  retryAfterMs?: number
  /** HTTP status of the answer, when there was one. */
  status?: number
  /** A short machine code (e.g. ECONNREFUSED) for logs; never a URL, never the key. */
  code?: string
}

/**
 * A failure with a kind and one sentence a seller can act on. It deliberately carries no
 * `cause`: the underlying fetch error may hold the request URL, and that URL holds the key.
 */
export class MarketplaceError extends Error {
  readonly kind: MarketplaceErrorKind
  readonly retryAfterMs: number | undefined
  readonly status: number | undefined
  readonly code: string | undefined

  constructor(kind: MarketplaceErrorKind, message: string, options: MarketplaceErrorOptions = {}) {
    super(message)
    this.name = 'MarketplaceError'
    this.kind = kind
    this.retryAfterMs = options.retryAfterMs
    this.status = options.status
    this.code = options.code
  }

  toJSON(): {
    name: string
    kind: MarketplaceErrorKind
    message: string
    retryAfterMs?: number
    status?: number
  } {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
      ...(this.status === undefined ? {} : { status: this.status })
    }
  }
}

function inSeconds(ms: number | undefined): string {
  if (ms === undefined) return 'in a minute'
  const s = Math.max(1, Math.ceil(ms / 1000))
  return s === 1 ? 'in 1 second' : `in ${s} seconds`
}

/** Every seller-facing sentence in one place, so wording stays consistent. */
export const messages = {
  unauthorized: () =>
    "The marketplace refused this API key. Check it in your marketplace's Settings → API, or generate a new one.",
  keyRefusedOnValidation: () =>
    'Not checked: the marketplace refused the API key (it may have been replaced or revoked). ' +
    "Copy the current key from the marketplace's Settings → API into Replace API key in Seller Desk's Settings.",
  htmlPage: () =>
    "This address answers with a web page, not the Seller API: check the URL, and that the API is switched on in the marketplace's admin.",
  apiOff: () =>
    "This marketplace does not offer the Seller API at this address: check the URL, and that the API is switched on in the marketplace's admin.",
  redirected: () =>
    'This address redirects somewhere else instead of answering: check the marketplace URL (copy it from the address bar of its home page).',
  blocked: () =>
    "The marketplace turned this request away and sent it to its home page: ask the site's admin to allow API access for apps (it may block non-browser agents or this network).",
  forbidden: () =>
    "The marketplace (or a firewall in front of it) refused this request: ask the site's admin to allow API access from this network.",
  wrongMethod: () =>
    'This address does not answer Seller API requests the expected way: check the marketplace URL.',
  rateLimited: (ms: number | undefined) =>
    `The marketplace is limiting how fast requests can be made: Seller Desk will try again ${inSeconds(ms)}.`,
  unavailable: (status: number, ms: number | undefined) =>
    `The marketplace is temporarily unavailable (HTTP ${status}): try again ${inSeconds(ms)}.`,
  server: (status: number) =>
    `The marketplace had an internal error (HTTP ${status}): try again later, and tell the site's admin if it keeps happening.`,
  serverDataFault: (what: string) =>
    `The marketplace failed while reading ${what} (HTTP 500). This often means an item without a sub-category: ` +
    'give every item a sub-category in the marketplace, then refresh.',
  unexpectedStatus: (status: number) =>
    `The marketplace answered with an unexpected HTTP ${status}: check the marketplace URL, or try again later.`,
  notJson: () =>
    'The marketplace sent an answer that is not valid JSON: try again, or check the marketplace URL.',
  badShape: (detail: string) =>
    `The marketplace sent an answer Seller Desk cannot read (${detail}).`,
  tooLarge: (limitBytes: number) =>
    `The marketplace's answer is larger than ${Math.round(limitBytes / (1024 * 1024))} MB, more than Seller Desk accepts: check the marketplace URL.`,
  tooManyItems: (limit: number) =>
    `The marketplace listed more than ${limit.toLocaleString('en')} items, more than Seller Desk reads in one catalogue: check the marketplace URL, or ask the site's admin whether the list is right.`,
  mediaTooLarge: (limitBytes: number) =>
    `This media file is larger than ${Math.round(limitBytes / (1024 * 1024))} MB, more than Seller Desk loads.`,
  mediaRedirects: () => 'This media address redirects too many times: it was not loaded.',
  localAddress: (host: string) =>
    `This media file is on ${host}, an address on this computer or its local network, so it was not loaded: a marketplace on the internet may not make Seller Desk fetch from there.`,
  cutOff: () => "The marketplace's answer was cut off before it was complete: try again.",
  timeout: (host: string, ms: number) =>
    `${host} did not answer within ${Math.round(ms / 1000)} seconds: try again, or check your connection.`,
  offline: (host: string) => `Can't reach ${host}: check your connection and the marketplace URL.`,
  closed: (host: string) =>
    `${host} closed the connection without answering: try again in a moment.`,
  tls: (host: string) =>
    `The secure connection to ${host} failed (its certificate was not accepted): check the marketplace URL.`,
  aborted: () => 'The request was cancelled.',
  notFound: (id: number) => `Item ${id} was not found among this account's approved items.`,
  invalidInput: (serverText: string | null) =>
    serverText === null
      ? 'The marketplace refused the request as incomplete or malformed: check what you entered.'
      : `The marketplace refused the request: ${serverText}`
} as const
