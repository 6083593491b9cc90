import { errorPage } from './pages'
import { integerParam, isPresent, textParam } from './params'
import type { RateLimiter } from './rate-limit'
import { realAccount, realItem, realPurchase } from './render-real'
import { htmlReply, jsonReply, redirectReply, wantsJson, type Reply } from './reply'
import { routeOf, type ApiContext, type ApiRequest } from './routes'
import type { Texts } from './texts'

/**
 * Real mode: the Seller API as a Laravel marketplace 2.3 install answers it
 * (docs/real-installs.md). The order follows the framework's: throttle, then the browser check,
 * then routing, then validation, then the controller.
 */

export interface RealContext extends ApiContext {
  texts: Texts
  limiter: RateLimiter
}

/** Browser engines' agents (real-installs §1): a case-sensitive substring match, as the script does. */
const BROWSER_MARKERS = ['Mozilla', 'Chrome', 'Firefox', 'Opera', 'Edge']

const isBrowserAgent = (agent: string | undefined): boolean =>
  agent !== undefined && BROWSER_MARKERS.some((marker) => agent.includes(marker))

/** A framework error: themed HTML, or `{"message": ...}` when the client asked for JSON (real-installs §3). */
export function frameworkError(
  req: Pick<ApiRequest, 'headers'>,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  /** Debug mode's extra JSON fields (exception, file, line, trace). */
  debug: Record<string, unknown> = {}
): Reply {
  const accept = req.headers.accept
  const requestedWith = req.headers['x-requested-with']
  return wantsJson(accept, typeof requestedWith === 'string' ? requestedWith : undefined)
    ? jsonReply(status, { ...debug, message }, true, headers)
    : htmlReply(status, errorPage(status), headers)
}

export function realApi(ctx: RealContext, req: ApiRequest): Reply {
  return throttled(ctx, req, () =>
    isBrowserAgent(req.headers['user-agent'])
      ? redirectReply(302, `${req.origin}/`)
      : route(ctx, req)
  )
}

/**
 * The throttle middleware (real-installs §4): counts the request, answers 429 past the limit, and
 * puts the rate-limit headers on whatever the app answers, errors included.
 */
export function throttled(ctx: RealContext, req: ApiRequest, app: () => Reply): Reply {
  const rate = ctx.limiter.hit(req.client)
  const rateHeaders: Record<string, string> = {
    'X-RateLimit-Limit': String(rate.limit),
    'X-RateLimit-Remaining': String(rate.remaining)
  }
  const reply = rate.limited
    ? frameworkError(req, 429, 'Too Many Attempts.', {
        'Retry-After': String(rate.retryAfter),
        'X-RateLimit-Reset': String(rate.resetAt)
      })
    : app()
  return { ...reply, headers: { ...reply.headers, ...rateHeaders } }
}

function route(ctx: RealContext, req: ApiRequest): Reply {
  const T = ctx.texts
  const route = routeOf(req.path)
  if (!route)
    return frameworkError(req, 404, `The route ${req.path.replace(/^\//, '')} could not be found.`)
  if (req.method !== route.method) {
    return frameworkError(
      req,
      405,
      `The ${req.method} method is not supported for route ${req.path.replace(/^\//, '')}. Supported methods: ${route.method === 'GET' ? 'GET, HEAD' : 'POST'}.`,
      { Allow: route.method === 'GET' ? 'GET, HEAD' : 'POST' }
    )
  }
  const envelope = (status: number, msg: string): Reply =>
    jsonReply(status, { status: T.error, msg }, true)
  const serverError = (): Reply => frameworkError(req, 500, 'Server Error')
  const p = req.params
  // Validation runs rule by rule; the first failure is the message (real-installs §9).
  if (!isPresent(p, 'api_key')) return envelope(400, T.apiKeyRequired)
  const key = textParam(p, 'api_key')
  const data = ctx.data
  const isSeller = key === data.seller.key
  const origin = req.origin

  switch (route.op) {
    case 'account': {
      const account = isSeller ? data.seller : key === data.buyer.key ? data.buyer : null
      if (!account) return envelope(401, T.invalidRequest)
      return jsonReply(
        200,
        { status: T.success, data: realAccount(account, origin, data.currency) },
        true
      )
    }
    case 'items': {
      // A bad or non-seller key looks exactly like "nothing found" (real-installs §12).
      if (!isSeller) return envelope(404, T.noItems)
      if (data.brokenItemId !== null) return serverError()
      // real-installs §15: the script answers 0 and exactly 1 item alike.
      if (data.items.length <= 1) return envelope(404, T.noItems)
      return ctx.cached(`real:${origin}`, () =>
        jsonReply(
          200,
          {
            status: T.success,
            items: data.items.map((i) => realItem(i, origin, data.currency)).reverse()
          },
          true
        )
      )
    }
    case 'item': {
      if (!isPresent(p, 'item_id')) return envelope(400, T.itemIdRequired)
      const id = integerParam(p, 'item_id')
      if (id === null) return envelope(400, T.itemIdInteger)
      const item = isSeller ? ctx.listedItem(id) : undefined
      if (!item) return envelope(404, T.itemNotFound)
      if (item.id === data.brokenItemId) return serverError()
      return jsonReply(
        200,
        { status: T.success, item: realItem(item, origin, data.currency) },
        true
      )
    }
    case 'purchase': {
      if (!isPresent(p, 'purchase_code')) return envelope(400, T.codeRequired)
      const purchase = isSeller
        ? ctx.activePurchase(textParam(p, 'purchase_code') ?? '')
        : undefined
      const item = purchase ? ctx.anyItem(purchase.itemId) : undefined
      if (!purchase || !item) return envelope(404, T.invalidCode)
      if (item.id === data.brokenItemId) return serverError()
      return jsonReply(
        200,
        { status: T.success, item: realPurchase(purchase, item, origin, data.currency, T) },
        true
      )
    }
  }
}
