import type { Account, Item } from '../../shared/model'
import type { ItemsPayload } from '../../shared/ipc/contract'
import type { CachedEntry, CatalogueCache } from '../../electron/main/catalogue/ports'

interface PerConnection {
  account: CachedEntry<Account> | null
  items: CachedEntry<ItemsPayload> | null
  item: Map<number, CachedEntry<Item>>
  known: Set<number>
}

/** A CatalogueCache that lives as long as the process: the services' tests use it. */
export function createMemoryCatalogueCache(): CatalogueCache {
  const all = new Map<string, PerConnection>()
  const of = (id: string): PerConnection => {
    let entry = all.get(id)
    if (!entry) {
      entry = { account: null, items: null, item: new Map(), known: new Set() }
      all.set(id, entry)
    }
    return entry
  }
  // Copies in and out, as a durable cache would: callers cannot change what is stored.
  const copy = <T>(v: T): T => structuredClone(v)

  return {
    readAccount: async (id) => copy(of(id).account),
    writeAccount: async (id, entry) => {
      of(id).account = copy(entry)
    },
    readItems: async (id) => copy(of(id).items),
    writeItems: async (id, entry) => {
      of(id).items = copy(entry)
    },
    readItem: async (id, itemId) => copy(of(id).item.get(itemId) ?? null),
    writeItem: async (id, entry) => {
      of(id).item.set(entry.data.id, copy(entry))
    },
    knownItemIds: async (id) => [...of(id).known],
    rememberItemIds: async (id, ids) => {
      for (const itemId of ids) of(id).known.add(itemId)
    },
    forget: async (id) => {
      all.delete(id)
    }
  }
}
