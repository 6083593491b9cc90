import type { StoredConnection } from '../settings/schema'
import { scrubbingKey } from './scrubbing-key'
import type { MarketplaceClientLike, MarketplacePort } from './marketplace-port'

/**
 * One client per connection, kept while its address and key stay the same, so its
 * pacing (60 requests a minute) is shared by all calls.
 */
export interface ClientCache<C extends MarketplaceClientLike> {
  clientFor(connection: StoredConnection, apiKey: string): C
  drop(connectionId: string): void
}

export function createClientCache<C extends MarketplaceClientLike>(
  marketplace: MarketplacePort<C>
): ClientCache<C> {
  const clients = new Map<string, { baseUrl: string; apiKey: string; client: C }>()
  return {
    clientFor(connection, apiKey) {
      const known = clients.get(connection.id)
      if (known && known.baseUrl === connection.baseUrl && known.apiKey === apiKey)
        return known.client
      const client = keyScrubbed(
        marketplace.createClient({ baseUrl: connection.baseUrl, apiKey }),
        apiKey
      )
      clients.set(connection.id, { baseUrl: connection.baseUrl, apiKey, client })
      return client
    },
    drop(connectionId) {
      clients.delete(connectionId)
    }
  }
}

/**
 * The same client, except that no error it throws can mention the key. Every client
 * method is asynchronous, so each call goes through `scrubbingKey`.
 */
function keyScrubbed<C extends MarketplaceClientLike>(client: C, apiKey: string): C {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) =>
        scrubbingKey(
          apiKey,
          async () => (value as (...a: unknown[]) => unknown).apply(target, args),
          // Only the catalogue's refresh stops its scrub when cancelled: any other answer
          // (a purchase check of a cancelled bulk run) is small, and scrubbed whole.
          property === 'listItemsReport' ? signalOf(args.at(-1)) : undefined
        )
    }
  })
}

/** The cancel signal among a call's options (its last argument), if it has one. */
function signalOf(options: unknown): AbortSignal | undefined {
  if (typeof options !== 'object' || options === null || !('signal' in options)) return undefined
  return options.signal instanceof AbortSignal ? options.signal : undefined
}
