import type { Result } from '../errors'
import type { Method, RequestOf, ResponseOf } from './contract'

/**
 * The one object the renderer talks to: the preload bridge (Electron) and the browser
 * transport both implement it. Methods that take no request take no argument.
 */
export type SellerDeskApi = {
  [M in Method]: undefined extends RequestOf<M>
    ? (request?: RequestOf<M>) => Promise<Result<ResponseOf<M>>>
    : (request: RequestOf<M>) => Promise<Result<ResponseOf<M>>>
} & {
  /**
   * The address the renderer loads a marketplace media URL from: main's media route
   * (custom protocol in Electron, a token-checked route in the browser host), never the
   * marketplace itself.
   */
  mediaUrl(remoteUrl: string): string
}

/** Name of the global the bridge is exposed under. */
export const BRIDGE_GLOBAL = 'sellerDesk'
