import type { Handlers } from '../ipc/dispatch'
import type { CatalogueService } from './service'

export type CatalogueHandlers = Pick<
  Handlers,
  'getAccount' | 'listItems' | 'queryItems' | 'getItem' | 'validatePurchase'
>

export function catalogueHandlers(catalogue: CatalogueService): CatalogueHandlers {
  return {
    getAccount: (request) => catalogue.getAccount(request),
    listItems: (request) => catalogue.listItems(request),
    queryItems: (request) => catalogue.queryItems(request),
    getItem: (request) => catalogue.getItem(request),
    validatePurchase: (request) => catalogue.validatePurchase(request)
  }
}
