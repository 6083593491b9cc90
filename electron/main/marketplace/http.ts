import { readStreamCapped, type BodyReading } from '../util/read-capped'
import { MarketplaceError, messages } from './errors'

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>

/**
 * One attempt's lifetime: the caller's signal plus our timeout, told apart afterwards
 * so a cancel is `aborted` and a slow server is `timeout`.
 */
export class Deadline {
  readonly controller = new AbortController()
  timedOut = false
  private readonly timer: ReturnType<typeof setTimeout>
  private readonly onCallerAbort = (): void => this.controller.abort()

  constructor(
    readonly timeoutMs: number,
    private readonly callerSignal: AbortSignal | undefined
  ) {
    this.timer = setTimeout(() => {
      this.timedOut = true
      this.controller.abort()
    }, timeoutMs)
    if (callerSignal?.aborted) this.controller.abort()
    else callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true })
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  get callerAborted(): boolean {
    return this.callerSignal?.aborted === true
  }

  /** The error for an abort of either origin, or null when neither fired. */
  abortError(host: string): MarketplaceError | null {
    if (this.callerAborted) return new MarketplaceError('aborted', messages.aborted())
    if (this.timedOut)
      return new MarketplaceError('timeout', messages.timeout(host, this.timeoutMs))
    return null
  }

  /** Headers arrived: from here on only the caller's signal ends the body (media streams). */
  stopTimer(): void {
    clearTimeout(this.timer)
  }

  end(): void {
    clearTimeout(this.timer)
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort)
  }
}

const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT'
])

/** The first `code` along an error's cause chain (undici wraps the socket error). */
function codeOf(e: unknown): string | undefined {
  let cur: unknown = e
  for (let depth = 0; depth < 5 && typeof cur === 'object' && cur !== null; depth++) {
    const code = (cur as { code?: unknown }).code
    if (typeof code === 'string' && code !== '') return code
    cur = (cur as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * A failed fetch as a MarketplaceError. The original error is not kept: undici's
 * messages and causes can hold the request URL, and the URL holds the key.
 */
export function networkError(e: unknown, deadline: Deadline, host: string): MarketplaceError {
  const aborted = deadline.abortError(host)
  if (aborted) return aborted
  if (e instanceof MarketplaceError) return e
  const code = codeOf(e)
  const opts = code === undefined ? {} : { code }
  if (code !== undefined && TIMEOUT_CODES.has(code)) {
    return new MarketplaceError('timeout', messages.timeout(host, deadline.timeoutMs), opts)
  }
  if (code !== undefined && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/.test(code)) {
    return new MarketplaceError('offline', messages.tls(host), opts)
  }
  if (code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') {
    return new MarketplaceError('server', messages.closed(host), opts)
  }
  // Unknown codes are treated as the network's fault too: the seller's next step is the same.
  return new MarketplaceError('offline', messages.offline(host), opts)
}

/**
 * Reads a body counting the bytes actually received (Content-Length is only trusted to
 * fail early), so a lying or endless server cannot fill memory.
 */
export async function readCapped(
  response: Response,
  maxBytes: number,
  deadline: Deadline,
  host: string,
  /** Bytes received so far, and the size the server declared (null when it did not). */
  onBytes?: (received: number, declared: number | null) => void,
  /** The item list: in shared memory, and held while the seller types (read-capped.ts). */
  how: BodyReading = {}
): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new MarketplaceError('bad-response', messages.tooLarge(maxBytes), {
      status: response.status
    })
  }
  let body: Uint8Array | null
  try {
    const size = Number.isFinite(declared) ? declared : undefined
    body = await readStreamCapped(
      response.body,
      maxBytes,
      size,
      onBytes && ((received) => onBytes(received, size ?? null)),
      how
    )
  } catch (e) {
    const aborted = deadline.abortError(host)
    if (aborted) throw aborted
    const code = codeOf(e)
    throw new MarketplaceError('bad-response', messages.cutOff(), {
      status: response.status,
      ...(code === undefined ? {} : { code })
    })
  }
  if (body === null)
    throw new MarketplaceError('bad-response', messages.tooLarge(maxBytes), {
      status: response.status
    })
  return body
}
