import { integerParam, isPresent, textParam } from './params'
import { specAccount, specItem, specPurchase } from './render-spec'
import { jsonReply, type Reply } from './reply'
import type { ApiContext, ApiRequest } from './routes'
import { routeOf } from './routes'
import { SPEC_TEXTS as T } from './texts'

/**
 * Spec mode. The spec names no HTTP codes, so these are ours, chosen to be what a careful
 * API would send: 200 with the payload on success; 400 "Invalid request" when a required
 * parameter is missing or empty; 401 "Invalid request" for an unknown key on account
 * details; 404 with the operation's text from the spec's table for everything else (an
 * unknown or non-seller key, no items, no such item, an invalid purchase code); 404/405
 * with the same envelope for an unknown path or a wrong method.
 */

const CURRENCY = 'USD'

const error = (status: number, msg: string, headers: Record<string, string> = {}): Reply =>
  jsonReply(status, { status: T.error, msg }, false, headers)

export function specApi(ctx: ApiContext, req: ApiRequest): Reply {
  const route = routeOf(req.path)
  if (!route) return error(404, 'Not found')
  if (req.method !== route.method) return error(405, 'Method not allowed', { Allow: route.method })
  const p = req.params
  if (!isPresent(p, 'api_key')) return error(400, T.invalidRequest)
  const key = textParam(p, 'api_key')
  const isSeller = key === ctx.data.seller.key
  const origin = ctx.baseUrl

  switch (route.op) {
    case 'account': {
      const account = isSeller
        ? ctx.data.seller
        : key === ctx.data.buyer.key
          ? ctx.data.buyer
          : null
      if (!account) return error(401, T.invalidRequest)
      return jsonReply(
        200,
        { status: T.success, data: specAccount(account, origin, CURRENCY) },
        false
      )
    }
    case 'items': {
      if (!isSeller || ctx.data.items.length === 0) return error(404, T.noItems)
      return ctx.cached(`spec:${origin}`, () =>
        jsonReply(
          200,
          { status: T.success, items: ctx.data.items.map((i) => specItem(i, origin, CURRENCY)) },
          false
        )
      )
    }
    case 'item': {
      if (!isPresent(p, 'item_id')) return error(400, T.invalidRequest)
      const id = integerParam(p, 'item_id')
      const item = isSeller && id !== null ? ctx.listedItem(id) : undefined
      if (!item) return error(404, T.itemNotFound)
      return jsonReply(200, { status: T.success, item: specItem(item, origin, CURRENCY) }, false)
    }
    case 'purchase': {
      if (!isPresent(p, 'purchase_code')) return error(400, T.invalidRequest)
      const purchase = isSeller
        ? ctx.activePurchase(textParam(p, 'purchase_code') ?? '')
        : undefined
      const item = purchase ? ctx.anyItem(purchase.itemId) : undefined
      if (!purchase || !item) return error(404, T.invalidCode)
      return jsonReply(
        200,
        {
          status: T.success,
          data: { purchase: specPurchase(purchase, item, origin, CURRENCY, T) }
        },
        false
      )
    }
  }
}
