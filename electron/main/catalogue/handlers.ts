import type { Handlers } from '../ipc/dispatch'
import type { CatalogueService } from './service'
import { warmFetchSoon } from '../util/warm-fetch'

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
      try {
        if (!(await opensOnItems())) return null
        await learnt()
        return await catalogue.openingWindow()
      } finally {
        // The launch's first question: the refresh after the first frame needs HTTP.
        warmFetchSoon()
      }
    },
    getItem: async (request) => {
      await learnt()
      return catalogue.getItem(request)
    },
    getRefreshProgress: () => catalogue.refreshProgress(),
    cancelRefresh: () => catalogue.cancelRefresh()
  }
}
