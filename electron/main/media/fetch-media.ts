import { MarketplaceError, messages } from '../marketplace/errors'
import { Deadline, networkError, type FetchLike } from '../marketplace/http'
import type { Pacer } from '../marketplace/pacer'
import { defaultUserAgent } from '../marketplace/user-agent'
import { readStreamCapped } from '../util/read-capped'

export interface MediaOptions {
  signal?: AbortSignal
  /** Passed through for video/audio seeking; only `bytes=` ranges are sent. */
  range?: string
  /** Cap on the body actually received; default 100 MB. */
  maxBytes?: number
}

export interface MediaContext {
  fetch?: FetchLike
  userAgent?: string
  /** Until the answer's headers arrive; the body then streams for as long as the caller wants. */
  timeoutMs?: number
  /** The API's origin: media there shares the API's rate-limit budget, so it is paced. */
  apiOrigin?: string | null
  pacer?: Pacer | null
}

export interface MediaResponse {
  status: number
  /** The URL that finally answered, after redirects. */
  url: string
  /** content-type, content-length, content-range, etag, last-modified, accept-ranges when sent. */
  headers: Record<string, string>
  /** The body for 200/206, capped at maxBytes (the stream errors past it); null otherwise. */
  body: ReadableStream<Uint8Array> | null
  /** The whole body in memory (still capped); empty when `body` is null. */
  bytes(): Promise<Uint8Array>
}

const DEFAULT_MAX_MEDIA_BYTES = 100 * 1024 * 1024
const MAX_REDIRECTS = 3
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'etag',
  'last-modified',
  'accept-ranges'
] as const
const RANGE = /^bytes=\d*-\d*(,\s*\d*-\d*)*$/

function mediaUrl(raw: string | URL): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new MarketplaceError('invalid-input', 'This media address is not a web address.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new MarketplaceError(
      'invalid-input',
      'Only http and https media addresses can be loaded.'
    )
  }
  if (url.username !== '' || url.password !== '') {
    throw new MarketplaceError(
      'invalid-input',
      'Media addresses with a user name or password are not loaded.'
    )
  }
  return url
}

function capped(stream: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let total = 0
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength
        if (total > maxBytes)
          controller.error(new MarketplaceError('bad-response', messages.mediaTooLarge(maxBytes)))
        else controller.enqueue(chunk)
      }
    })
  )
}

/** The whole body; its size was capped on the way in (`capped` above). */
async function collect(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  try {
    return (await readStreamCapped(stream, Number.POSITIVE_INFINITY)) ?? new Uint8Array(0)
  } catch (e) {
    if (e instanceof MarketplaceError) throw e
    throw new MarketplaceError('bad-response', messages.cutOff())
  }
}

/**
 * One media request, redirects included: the transport under paced-fetch.ts, which adds
 * the address guard and the pacing rules; product code goes through that, not here.
 * Media hosts may differ from the API's, so nothing secret is ever sent: no key, no
 * cookies, no credentials. Redirects are followed by hand, at most three, to any http(s)
 * origin — safe precisely because the request carries nothing secret (CDNs and storage
 * buckets redirect routinely). Non-2xx answers are returned, not thrown: the media
 * route decides what they mean.
 */
export async function fetchMedia(
  raw: string | URL,
  options: MediaOptions & MediaContext = {}
): Promise<MediaResponse> {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init))
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_MEDIA_BYTES
  const range = options.range?.trim()
  const headers: Record<string, string> = {
    'User-Agent': options.userAgent ?? defaultUserAgent(),
    Accept: '*/*',
    ...(range && RANGE.test(range) ? { Range: range } : {})
  }
  let url = mediaUrl(raw)

  for (let hop = 0; ; hop++) {
    const paced =
      options.pacer && options.apiOrigin && url.origin === options.apiOrigin ? options.pacer : null
    const ticket = paced
      ? await paced.acquire(options.signal ? { signal: options.signal } : {})
      : null
    const deadline = new Deadline(options.timeoutMs ?? 15_000, options.signal)
    let response: Response
    try {
      response = await fetchImpl(url, {
        method: 'GET',
        headers,
        redirect: 'manual',
        credentials: 'omit',
        signal: deadline.signal
      })
    } catch (e) {
      deadline.end()
      ticket?.done(null)
      throw networkError(e, deadline, url.host)
    }
    ticket?.done({ status: response.status, headers: response.headers })
    deadline.stopTimer()

    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel().catch(() => undefined)
      deadline.end()
      if (hop >= MAX_REDIRECTS)
        throw new MarketplaceError('bad-response', messages.mediaRedirects())
      url = mediaUrl(new URL(response.headers.get('location')!, url))
      continue
    }

    const out: Record<string, string> = {}
    for (const name of PASSED_HEADERS) {
      const v = response.headers.get(name)
      if (v !== null) out[name] = v
    }
    const hasBody = response.status === 200 || response.status === 206
    if (!hasBody) {
      await response.body?.cancel().catch(() => undefined)
      deadline.end()
    }
    const declared = Number(out['content-length'] ?? NaN)
    if (hasBody && Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined)
      deadline.end()
      throw new MarketplaceError('bad-response', messages.mediaTooLarge(maxBytes), {
        status: response.status
      })
    }
    const body = hasBody && response.body ? capped(response.body, maxBytes) : null
    let consumed = false
    return {
      status: response.status,
      url: url.toString(),
      headers: out,
      body,
      async bytes() {
        if (consumed) throw new Error('The media body was already read.')
        consumed = true
        try {
          return await collect(body)
        } catch (e) {
          throw deadline.abortError(url.host) ?? e
        } finally {
          deadline.end()
        }
      }
    }
  }
}
