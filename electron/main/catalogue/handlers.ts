import type { Handlers } from '../ipc/dispatch'
import type { CatalogueService } from './service'

export type CatalogueHandlers = Pick<
  Handlers,
  'getAccount' | 'listItems' | 'getItem' | 'validatePurchase'
>

export function catalogueHandlers(catalogue: CatalogueService): CatalogueHandlers {
  return {
    getAccount: (request) => catalogue.getAccount(request),
    listItems: (request) => catalogue.listItems(request),
    getItem: (request) => catalogue.getItem(request),
    validatePurchase: (request) => catalogue.validatePurchase(request)
  }
}
