import { MarketplaceError, messages } from './errors'
import { Deadline, networkError, readCapped, type FetchLike } from './http'
import { interpret, type Reading } from './interpret'
import type { Operation } from './wire/envelopes'
import type { Pacer, PacerPriority } from './pacer'
import { withRetry, type RetryPolicy } from './retry'
import { scanItemsAnswerSliced, type ScannedItems } from './wire/items-scan'
import { refreshSlices } from '../util/time-slices'

/**
 * How far a long read has got (the whole catalogue): waiting for the answer, its bytes
 * received of the size declared, then its items read of those found. Called often: no object made.
 */
export type ReadProgress = (
  phase: 'waiting' | 'downloading' | 'reading',
  done: number,
  total: number | null
) => void

export interface CallOptions {
  signal?: AbortSignal
  /** Bulk work (many validations) yields to what the seller clicks meanwhile. */
  priority?: PacerPriority
  onProgress?: ReadProgress
}

export interface ApiRequest {
  /** This request's own time limit and body cap, where the context's do not fit (the whole catalogue). */
  limits?: { timeoutMs: number; maxBodyBytes: number }
  url: URL
  method: 'GET' | 'POST'
  form?: URLSearchParams
  /** Set as the request goes out: its number in the order the client sent its requests. */
  sent?: number
}

export interface RequestContext {
  fetch: FetchLike
  pacer: Pacer
  /** Per attempt, from sending to the last byte. */
  timeoutMs: number
  maxBodyBytes: number
  userAgent: string
  /** The base URL's path, which a redirect must stay under; the host, for messages. */
  basePath: string
  host: string
  apiKey: string
  retry: RetryPolicy
  log: { warn(message: string): void }
  /** Numbers each request as it is sent (the key's proof orders answers by it). */
  nextSent(): number
}

/** One attempt: a slot from the pacer, the request (never redirected), the answer read. */
async function once(
  ctx: RequestContext,
  operation: Operation,
  request: ApiRequest,
  call: CallOptions
): Promise<Reading> {
  call.onProgress?.('waiting', 0, null)
  const ticket = await ctx.pacer.acquire({
    signal: call.signal,
    ...(call.priority ? { priority: call.priority } : {})
  })
  const deadline = new Deadline(request.limits?.timeoutMs ?? ctx.timeoutMs, call.signal)
  request.sent = ctx.nextSent()
  let response: Response
  try {
    response = await ctx.fetch(request.url, {
      method: request.method,
      headers: {
        'User-Agent': ctx.userAgent,
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
    throw networkError(e, deadline, ctx.host)
  }
  ticket.done({ status: response.status, headers: response.headers })
  try {
    const redirect = response.status >= 300 && response.status < 400
    if (redirect) await response.body?.cancel().catch(() => undefined)
    const body = redirect
      ? new Uint8Array(0)
      : await readCapped(
          response,
          request.limits?.maxBodyBytes ?? ctx.maxBodyBytes,
          deadline,
          ctx.host,
          call.onProgress && ((received, size) => call.onProgress?.('downloading', received, size)),
          operation === 'items' ? { shared: true, slices: refreshSlices(call.signal) } : {}
        )
    call.onProgress?.('reading', 0, null)
    const scanned =
      operation === 'items' && response.status === 200
        ? await scanInSlices(body, call.signal)
        : undefined
    if (call.signal?.aborted) throw new MarketplaceError('aborted', messages.aborted())
    return interpret(
      operation,
      { status: response.status, headers: response.headers, body, url: request.url },
      {
        basePath: ctx.basePath,
        apiKey: ctx.apiKey,
        now: Date.now(),
        log: (m) => ctx.log.warn(m),
        ...(scanned ? { scanned } : {})
      }
    )
  } finally {
    deadline.end()
  }
}

/**
 * The whole catalogue's answer is found item by item (items-scan.ts) in time slices, so a
 * large one never holds the event loop; interpret then judges it as it would have.
 */
async function scanInSlices(
  body: Uint8Array,
  signal: AbortSignal | undefined
): Promise<{ result: ScannedItems | null } | { threw: unknown }> {
  try {
    return { result: await scanItemsAnswerSliced(body, refreshSlices(signal)) }
  } catch (e) {
    return { threw: e }
  }
}

/**
 * A Seller API request as the client makes it: paced, retried under the one retry policy
 * (the wait is a hold on the pacer, so every request to the site waits it out and the
 * seller sees the marketplace's pause), read and interpreted.
 */
export function pacedRequest(
  ctx: RequestContext,
  operation: Operation,
  request: ApiRequest,
  call: CallOptions = {}
): Promise<Reading> {
  return withRetry(
    () => once(ctx, operation, request, call),
    (ms) => ctx.pacer.holdFor(ms),
    ctx.retry
  )
}
