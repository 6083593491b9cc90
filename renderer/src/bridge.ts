import type { SellerDeskApi } from '../../shared/ipc/api'

/**
 * The renderer's only door to data. In Electron the preload has put the bridge on
 * window; the browser host's transport (same interface) is installed before render.
 */
export function getBridge(): SellerDeskApi {
  const bridge = (window as Window & { sellerDesk?: SellerDeskApi }).sellerDesk
  if (!bridge) throw new Error('Seller Desk bridge is missing: the page was opened outside the app.')
  return bridge
}
