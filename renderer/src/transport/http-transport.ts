import { ERROR_KINDS } from '../../../shared/error-kinds'
import type { AppError, Result } from '../../../shared/errors'
import type { SellerDeskApi } from '../../../shared/ipc/api'
import { channelMethods } from '../../../shared/ipc/channels'
import { mediaHttpPath } from '../../../shared/media-url'

export const HOST_STOPPED = "Seller Desk's local service stopped: restart it with npm start."

const KINDS: ReadonlySet<string> = new Set(ERROR_KINDS)
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/**
 * AppError (shared/errors.ts) as a plain guard. The answer is our own host's (main
 * has already checked every request and marketplace answer with zod); checking its envelope
 * by hand keeps zod out of the renderer's bundle (docs/performance.md: P5).
 */
function wireError(v: unknown): AppError | null {
  if (!isRecord(v) || typeof v.kind !== 'string' || !KINDS.has(v.kind)) return null
  if (typeof v.message !== 'string') return null
  const { kind, message, retryAfterMs } = v
  if (retryAfterMs !== undefined && typeof retryAfterMs !== 'number') return null
  // A fresh object: nothing the answer carried besides these reaches the stores.
  return {
    kind: kind as AppError['kind'],
    message,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs })
  }
}

/** The host's answer as a Result, or null when it is not one. */
function resultOf(body: unknown): Result<unknown> | null {
  if (!isRecord(body)) return null
  if (body.ok === true && 'data' in body) return { ok: true, data: body.data }
  const error = body.ok === false ? wireError(body.error) : null
  return error ? { ok: false, error } : null
}

export interface HttpTransportOptions {
  token: string
  /** The token media addresses carry (it opens /media only); none, and media stay closed. */
  mediaToken?: string | null
  /** The host's origin; the page's own origin when absent. */
  baseUrl?: string
  fetch?: (url: string, init: RequestInit) => Promise<Response>
}

/**
 * The browser host's side of the bridge: every contract method is a POST to
 * /rpc/<method> with the request as JSON and the token as a bearer header; every answer,
 * even a failure of the host itself, comes back as a Result, exactly as over Electron IPC.
 */
export function createHttpTransport(options: HttpTransportOptions): SellerDeskApi {
  const doFetch = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init))
  const base = options.baseUrl ?? ''

  const call = async (method: string, request: unknown): Promise<Result<unknown>> => {
    let response: Response
    try {
      response = await doFetch(`${base}/rpc/${encodeURIComponent(method)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.token}` },
        body: request === undefined ? '' : JSON.stringify(request),
        credentials: 'omit',
        redirect: 'error'
      })
    } catch {
      return { ok: false, error: { kind: 'offline', message: HOST_STOPPED } }
    }
    let body: unknown
    try {
      body = await response.json()
    } catch {
      body = null
    }
    const result = resultOf(body)
    if (result) return result
    return {
      ok: false,
      error: {
        kind: response.status >= 500 ? 'internal' : 'bad-response',
        message: `Seller Desk's local service gave an answer the page could not read (HTTP ${response.status}). Reload the page; if it keeps happening, restart it with npm start.`
      }
    }
  }

  const api: Record<string, unknown> = {}
  for (const method of channelMethods) api[method] = (request?: unknown) => call(method, request)
  // Never the call token: an image address copied from the page must not open the API.
  const mediaToken = options.mediaToken ?? ''
  api['mediaUrl'] = (remoteUrl: string) => `${base}${mediaHttpPath(remoteUrl, mediaToken)}`
  // Built from the same method list the contract is checked against at compile time.
  return api as SellerDeskApi
}
