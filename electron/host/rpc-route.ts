import type { IncomingMessage, ServerResponse } from 'node:http'
import { dispatch, type DispatchLog, type Handlers } from '../main/ipc/dispatch'
import { BodyTooLarge, readBody, sendJson, sendRefusal } from './http-util'
import { bearerToken, tokenMatches } from './token'

export interface RpcContext {
  handlers: Handlers
  token: string
  log: DispatchLog
}

const STALE_TOKEN =
  "This page's access token is not valid for the running Seller Desk: open the address npm start printed."

function isJsonContentType(header: string | undefined): boolean {
  return (
    typeof header === 'string' && header.split(';')[0]!.trim().toLowerCase() === 'application/json'
  )
}

/**
 * `POST /rpc/<method>`: the body is the contract request as JSON (empty for methods that
 * take none); the answer is always the Result dispatch produced. Host and Origin are
 * checked by the server before this runs.
 */
export async function handleRpc(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  ctx: RpcContext
): Promise<void> {
  if (req.method !== 'POST') {
    sendRefusal(res, 405, 'invalid-input', 'Seller Desk requests are sent with POST.', {
      Allow: 'POST'
    })
    return
  }
  if (!tokenMatches(ctx.token, bearerToken(req.headers.authorization))) {
    sendRefusal(res, 401, 'offline', STALE_TOKEN, { 'WWW-Authenticate': 'Bearer' })
    return
  }
  if (!isJsonContentType(req.headers['content-type'])) {
    sendRefusal(res, 415, 'invalid-input', 'Seller Desk requests must be JSON.')
    return
  }
  let raw: Buffer
  try {
    raw = await readBody(req)
  } catch (e) {
    if (e instanceof BodyTooLarge) {
      sendRefusal(res, 413, 'invalid-input', 'The request was too large.', { Connection: 'close' })
      return
    }
    throw e
  }
  let request: unknown = undefined
  if (raw.length > 0) {
    try {
      request = JSON.parse(raw.toString('utf8'))
    } catch {
      sendRefusal(res, 400, 'invalid-input', 'The request was not valid (not JSON).')
      return
    }
  }
  sendJson(res, 200, await dispatch(ctx.handlers, method, request, ctx.log))
}
