import type { Account } from '../../../shared/model'
import { AppFailure } from '../ipc/failure'
import { catalogueAnswers } from '../marketplace/banned-seller'
import { kindOf } from '../util/kind-of'
import { scrubbingKey } from './scrubbing-key'
import type { MarketplaceClientLike, MarketplacePort } from './marketplace-port'
import { ACCOUNT_REFUSED_MESSAGE } from './messages'

/** What the connection service asks of a base URL and key before it saves either. */
export interface AccountCheck {
  /** The account behind the key; a banned seller is told so, not that the key is wrong. */
  fetchAccount(baseUrl: string, apiKey: string): Promise<Account>
  /** Whether the key is shown a catalogue, i.e. is a seller's. */
  listsItems(baseUrl: string, apiKey: string): Promise<boolean>
}

export function createAccountCheck<C extends MarketplaceClientLike>(
  marketplace: MarketplacePort<C>
): AccountCheck {
  return {
    fetchAccount: (baseUrl, apiKey) =>
      scrubbingKey(apiKey, async () => {
        const client = marketplace.createClient({ baseUrl, apiKey })
        try {
          return await client.getAccount()
        } catch (e) {
          if (kindOf(e) !== 'unauthorized') throw e
          // "Key refused" would send a banned seller hunting for a key that works.
          const listed = await catalogueAnswers(() => client.listItemsReport()).catch(() => false)
          if (listed) throw new AppFailure('unauthorized', ACCOUNT_REFUSED_MESSAGE)
          throw e
        }
      }),

    /** Real installs answer 404 "No Items Found" for buyers and for shops with 0 or 1 item. */
    listsItems: (baseUrl, apiKey) =>
      scrubbingKey(apiKey, async () => {
        try {
          return await catalogueAnswers(() =>
            marketplace.createClient({ baseUrl, apiKey }).listItemsReport()
          )
        } catch (e) {
          if (kindOf(e) === 'not-found') return false
          // A 500 on the list is a seller's item with a data fault (real-installs §18).
          if (kindOf(e) === 'server') return true
          throw e
        }
      })
  }
}
