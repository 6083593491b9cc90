import { BRIDGE_GLOBAL, type SellerDeskApi } from '../../shared/ipc/api'
import { isMarketplaceMethod } from '../../shared/connection-status'
import type { Result } from '../../shared/errors'
import { watched } from './stores/connection-status'
import { createHttpTransport } from './transport/http-transport'
import { createMissingBridge, showMissingBridgeScreen } from './transport/missing-bridge'
import { takeHostToken, type KeepToken } from './transport/token'

export type BridgeChoice =
  | { kind: 'electron'; api: SellerDeskApi }
  | { kind: 'browser'; api: SellerDeskApi }
  | { kind: 'missing'; api: SellerDeskApi }

/**
 * Electron's preload puts the bridge on window; in a plain browser the page was opened
 * by the browser host with a token, and talks to it over HTTP; otherwise there is no way
 * to reach main, and the page says so.
 */
function preloadBridge(win: Window): SellerDeskApi | undefined {
  return (win as Window & { [BRIDGE_GLOBAL]?: SellerDeskApi })[BRIDGE_GLOBAL]
}

/**
 * A tab's first use of sessionStorage is a synchronous trip to the browser process, 1–13 ms
 * here while that process is busy loading the page, in the middle of the script that leads to
 * the first card. The token is kept once the page is idle, or as it goes away (a reload, the
 * lookup route), whichever comes first.
 */
export function whenIdleOrLeaving(win: Window): KeepToken {
  return (write) => {
    let done = false
    const once = (): void => {
      if (done) return
      done = true
      win.removeEventListener('pagehide', once)
      write()
    }
    win.addEventListener('pagehide', once)
    if (typeof win.requestIdleCallback === 'function')
      win.requestIdleCallback(once, { timeout: 2000 })
    else win.setTimeout(once, 0)
  }
}

function chooseBridge(win: Window): BridgeChoice {
  const preload = preloadBridge(win)
  if (preload) return { kind: 'electron', api: preload }
  const tokens = takeHostToken(win, whenIdleOrLeaving(win))
  if (tokens)
    return {
      kind: 'browser',
      api: createHttpTransport({ token: tokens.rpc, mediaToken: tokens.media })
    }
  return { kind: 'missing', api: createMissingBridge() }
}

let chosen: BridgeChoice | null = null

// Chosen as soon as this module loads, before React renders: the token must leave the
// address bar at once, not whenever the first view asks for data.
if (typeof window !== 'undefined' && window.location.hash.includes('token='))
  chosen = chooseBridge(window)

/** How the page reaches main; chosen once, on first use. */
export function bridgeKind(): BridgeChoice['kind'] {
  if (preloadBridge(window)) return 'electron'
  return (chosen ??= chooseBridge(window)).kind
}

const observed = new WeakMap<SellerDeskApi, SellerDeskApi>()

/**
 * The same bridge, its marketplace channels' answers folded into the one connection status
 * on their way back: no view reports the status itself, so none can forget to.
 */
function observedBridge(api: SellerDeskApi): SellerDeskApi {
  let wrapped = observed.get(api)
  if (!wrapped) {
    // Over an empty object, not the bridge: Electron's exposed bridge is frozen, and a proxy
    // may not answer a frozen property with another function.
    const target = api
    wrapped = new Proxy({} as SellerDeskApi, {
      get(_empty, name) {
        const value: unknown = Reflect.get(target, name)
        if (typeof name !== 'string' || !isMarketplaceMethod(name) || typeof value !== 'function')
          return value
        const call = value as (request?: unknown) => Promise<Result<unknown>>
        return (request?: unknown) => watched(name, request, () => call.call(target, request))
      }
    })
    observed.set(api, wrapped)
  }
  return wrapped
}

/**
 * The renderer's only door to data. Never throws: without a bridge every call resolves
 * to a failed Result and a full-window notice explains how to open the app.
 */
export function getBridge(): SellerDeskApi {
  // Looked up every time: renderer tests put their own bridge on window.
  const preload = preloadBridge(window)
  if (preload) return observedBridge(preload)
  chosen ??= chooseBridge(window)
  if (chosen.kind === 'missing') showMissingBridgeScreen(window.document)
  return observedBridge(chosen.api)
}
