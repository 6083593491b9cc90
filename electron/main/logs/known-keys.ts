import type { SecretStore } from '../secrets/types'

/**
 * A secret store that remembers, in this process only, every key that passes through it,
 * so the log can mask them (logs/scrub-line.ts). Never written anywhere.
 */
export function rememberingKeys(store: SecretStore, seen: Set<string>): SecretStore {
  return {
    status: () => store.status(),
    get: async (id) => {
      const key = await store.get(id)
      if (key) seen.add(key)
      return key
    },
    set: async (id, secret) => {
      seen.add(secret)
      await store.set(id, secret)
    },
    delete: (id) => store.delete(id)
  }
}
