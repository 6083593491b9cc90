import type { Handlers } from '../ipc/dispatch'
import type { CatalogueService } from './service'

export type CatalogueHandlers = Pick<
  Handlers,
  'getAccount' | 'listItems' | 'queryItems' | 'getItem'
>

/**
 * `learnt` resolves once what the purchase checks so far taught (item ids, items) is in
 * the cache: the seller checks a code, opens Items, and finds its item there.
 */
export function catalogueHandlers(
  catalogue: CatalogueService,
  learnt: () => Promise<void>
): CatalogueHandlers {
  return {
    getAccount: (request) => catalogue.getAccount(request),
    listItems: async (request) => {
      await learnt()
      return catalogue.listItems(request)
    },
    queryItems: async (request) => {
      await learnt()
      return catalogue.queryItems(request)
    },
    getItem: async (request) => {
      await learnt()
      return catalogue.getItem(request)
    }
  }
}
