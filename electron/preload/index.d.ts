import type { SellerDeskApi } from '../../shared/ipc/api'

declare global {
  interface Window {
    sellerDesk: SellerDeskApi
  }
}

export {}
