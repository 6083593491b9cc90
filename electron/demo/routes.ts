import type { IncomingHttpHeaders } from 'node:http'
import type { Params } from './params'
import type { Reply } from './reply'
import type { Operation } from '../main/marketplace/wire/envelopes'
import type { DemoData, DemoItem, DemoPurchase } from './types'

// The demo serves the same four operations the client reads: one name for each.
export type { Operation }

const ROUTES: Record<string, { method: 'GET' | 'POST'; op: Operation }> = {
  '/api/account/details': { method: 'GET', op: 'account' },
  '/api/items/all': { method: 'GET', op: 'items' },
  '/api/items/item': { method: 'GET', op: 'item' },
  '/api/purchases/validation': { method: 'POST', op: 'purchase' }
}

/** Laravel matches routes without their trailing slash. */
export function routeOf(path: string): { method: 'GET' | 'POST'; op: Operation } | null {
  return ROUTES[path.replace(/\/+$/, '')] ?? null
}

export interface ApiRequest {
  method: string
  /** The URL path, e.g. /api/items/all. */
  path: string
  headers: IncomingHttpHeaders
  params: Params
  /** scheme://host the request came in on (real mode builds media URLs from it). */
  origin: string
  /** The client's IP: the rate limit's bucket. */
  client: string
}

export interface ApiContext {
  data: DemoData
  baseUrl: string
  listedItem(id: number): DemoItem | undefined
  /** Listed or not: a purchase still names a deleted item. */
  anyItem(id: number): DemoItem | undefined
  /** The purchase with this code (trimmed, any case) when it is still valid. */
  activePurchase(code: string): DemoPurchase | undefined
  /** Large bodies (a 10,000-item list) are built once per key. */
  cached(key: string, build: () => Reply): Reply
}
