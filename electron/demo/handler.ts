import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { realApi, frameworkError, throttled, type RealContext } from './api-real'
import { specApi } from './api-spec'
import type { Fault, FaultQueue } from './faults'
import type { MediaStore } from './media'
import { errorPage, homePage, reasonOf } from './pages'
import { readParams } from './params'
import {
  htmlReply,
  jsonReply,
  redirectReply,
  writeReply,
  writeReplySlowly,
  type Reply
} from './reply'
import type { ApiRequest } from './routes'

export interface LoggedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface HandlerContext extends RealContext {
  mode: 'spec' | 'real'
  faults: FaultQueue
  media: MediaStore
  log: LoggedRequest[]
  /** Resolves after `ms`, or never once the server is closing. */
  sleep(ms: number): Promise<void>
}

const LOG_LIMIT = 500
const BODY_LIMIT = 1024 * 1024

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > BODY_LIMIT) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Real mode's host-relative origin (real-installs §24); anything odd in Host falls back to ours. */
function originOf(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host
  return host && /^(?:[\w.-]+|\[[\da-fA-F:.]+\])(?::\d{1,5})?$/.test(host)
    ? `http://${host}`
    : fallback
}

/** What Laravel's debug mode puts in a 500 (real-installs §34): never for a seller's eyes. */
function debugError(req: IncomingMessage): Reply {
  const exception = {
    message: "SQLSTATE[42S22]: Column not found: 1054 Unknown column 'sub_category'",
    exception: 'Illuminate\\Database\\QueryException',
    file: '/var/www/market/vendor/laravel/framework/src/Illuminate/Database/Connection.php',
    line: 829,
    trace: [{ file: '/var/www/market/app/Http/Controllers/Api/ItemController.php', line: 42 }]
  }
  return frameworkError(req, 500, exception.message, {}, exception)
}

function faultReply(
  fault: Exclude<Fault, { type: 'latency' | 'truncate' | 'hang' | 'banned' | 'trickle' }>,
  req: IncomingMessage
): Reply {
  switch (fault.type) {
    case 'debug-error':
      return debugError(req)
    case 'status': {
      const headers: Record<string, string> =
        fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {}
      const body = fault.body ?? 'html'
      if (body === 'json')
        return jsonReply(fault.status, { message: reasonOf(fault.status) }, false, headers)
      if (body === 'empty') return { status: fault.status, headers, body: '' }
      return htmlReply(fault.status, errorPage(fault.status), headers)
    }
    case 'api-off':
      // The script's "API disabled" answer: abort(404) with an empty message.
      return frameworkError(req, 404, '')
    case 'redirect':
      return redirectReply(fault.status ?? 302, fault.location)
    case 'html':
      return htmlReply(fault.status ?? 200, homePage())
  }
}

export function createHandler(
  ctx: HandlerContext
): (req: IncomingMessage, res: ServerResponse) => void {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase()
    const url = new URL(req.url ?? '/', 'http://demo.invalid')
    const path = url.pathname
    const body = await readBody(req)

    ctx.log.push({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers: { ...req.headers },
      body: body ?? ''
    })
    if (ctx.log.length > LOG_LIMIT) ctx.log.splice(0, ctx.log.length - LOG_LIMIT)

    const real = ctx.mode === 'real'
    // real-installs §6: every answer of a real install sets a session cookie.
    if (real) {
      res.setHeader(
        'Set-Cookie',
        `lumen_market_session=${randomBytes(20).toString('hex')}; Max-Age=7200; Path=/; HttpOnly; SameSite=Lax`
      )
    }
    const headOnly = method === 'HEAD'

    if (body === null) return writeReply(res, htmlReply(413, errorPage(413)))
    if (real && (path === '/index.php' || path.startsWith('/index.php/'))) {
      return writeReply(
        res,
        redirectReply(
          301,
          `${originOf(req, ctx.baseUrl)}${path.slice('/index.php'.length) || '/'}${url.search}`
        )
      )
    }
    if (path.startsWith('/media/'))
      return writeReply(res, await ctx.media.reply(method, path, req.headers), { headOnly })
    if (path === '/' && (method === 'GET' || method === 'HEAD'))
      return writeReply(res, htmlReply(200, homePage()), { headOnly })
    if (!path.startsWith('/api/'))
      return writeReply(res, htmlReply(404, errorPage(404)), { headOnly })

    const apiRequest: ApiRequest = {
      // HEAD is answered by GET routes, as in Laravel.
      method: headOnly ? 'GET' : method,
      path,
      headers: req.headers,
      params: readParams(method, req.headers, url.searchParams, body),
      origin: real ? originOf(req, ctx.baseUrl) : ctx.baseUrl,
      client: req.socket.remoteAddress ?? 'unknown'
    }

    let truncate = false
    let trickle: Extract<Fault, { type: 'trickle' }> | null = null
    const fault = ctx.faults.take(path)
    if (fault?.type === 'hang') return // Left open until close() destroys the socket.
    if (fault?.type === 'latency') await ctx.sleep(fault.ms)
    else if (fault?.type === 'truncate') truncate = true
    else if (fault?.type === 'trickle') trickle = fault
    else if (fault?.type === 'banned') {
      // Real mode only. Account details alone refuse a banned seller; the rest answer as usual.
      const refused = real && path === '/api/account/details'
      const banned = (): Reply =>
        refused
          ? jsonReply(401, { status: ctx.texts.error, msg: ctx.texts.invalidRequest }, true)
          : real
            ? realApi(ctx, apiRequest)
            : specApi(ctx, apiRequest)
      return writeReply(res, refused ? throttled(ctx, apiRequest, banned) : banned(), {
        headOnly
      })
    } else if ((fault?.type === 'api-off' || fault?.type === 'debug-error') && real) {
      // The app itself answers these, behind its throttle: counted, with headers.
      return writeReply(
        res,
        throttled(ctx, apiRequest, () => faultReply(fault, req)),
        { headOnly }
      )
    } else if (fault) {
      // Statuses, redirects and pages stand for what sits in front of the app (a proxy, a
      // CDN, maintenance mode): the throttle never sees them, so they carry no rate headers.
      return writeReply(res, faultReply(fault, req), { headOnly })
    }

    const reply = real ? realApi(ctx, apiRequest) : specApi(ctx, apiRequest)
    if (trickle && !headOnly) {
      const slow = { ms: trickle.ms, pieces: trickle.pieces ?? 20, sleep: ctx.sleep }
      return writeReplySlowly(res, reply, slow)
    }
    writeReply(res, reply, { truncate, headOnly })
  }

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the demo must not take the app down with it.
      if (!res.headersSent)
        writeReply(res, jsonReply(500, { status: 'error', msg: 'Demo server error' }, false))
      else res.destroy()
      if (process.env['SELLER_DESK_DEMO_DEBUG']) console.error('[demo]', error)
    })
  }
}
