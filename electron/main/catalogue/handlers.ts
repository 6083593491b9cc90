import type { Handlers } from '../ipc/dispatch'
import type { CatalogueService } from './service'

export type CatalogueHandlers = Pick<
  Handlers,
  | 'getAccount'
  | 'listItems'
  | 'queryItems'
  | 'openingWindow'
  | 'getItem'
  | 'getRefreshProgress'
  | 'cancelRefresh'
>

/**
 * `learnt` resolves once what the purchase checks so far taught (item ids, items) is in
 * the cache: the seller checks a code, opens Items, and finds its item there.
 * `opensOnItems` says whether the app opens on Items (the last view) with a connection.
 */
export function catalogueHandlers(
  catalogue: CatalogueService,
  learnt: () => Promise<void>,
  opensOnItems: () => Promise<boolean>
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
    openingWindow: async () => {
      if (!(await opensOnItems())) return null
      await learnt()
      return catalogue.openingWindow()
    },
    getItem: async (request) => {
      await learnt()
      return catalogue.getItem(request)
    },
    getRefreshProgress: () => catalogue.refreshProgress(),
    cancelRefresh: () => catalogue.cancelRefresh()
  }
}
