// zod/mini, not zod: the same checks at a fraction of the bytes the page must load first.
import * as z from 'zod/mini'
import { ERROR_KINDS } from '../../../shared/error-kinds'
import type { Result } from '../../../shared/errors'
import type { SellerDeskApi } from '../../../shared/ipc/api'
import { channelMethods } from '../../../shared/ipc/channels'
import { mediaHttpPath } from '../../../shared/media-url'

export const HOST_STOPPED = "Seller Desk's local service stopped: restart it with npm start."

// AppErrorSchema (shared/errors.ts) in zod/mini's words; call() returning Result<unknown>
// without a cast keeps the two in step.
const WireError = z.object({
  kind: z.enum(ERROR_KINDS),
  message: z.string(),
  retryAfterMs: z.optional(z.number())
})
const ResultEnvelope = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: WireError })
])

export interface HttpTransportOptions {
  token: string
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
    const parsed = ResultEnvelope.safeParse(body)
    if (parsed.success) return parsed.data
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
  api['mediaUrl'] = (remoteUrl: string) => `${base}${mediaHttpPath(remoteUrl, options.token)}`
  // Built from the same method list the contract is checked against at compile time.
  return api as SellerDeskApi
}
