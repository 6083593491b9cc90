import type { SecretStore } from './types'

/**
 * Session-only keys: held in this process's memory and gone when the app quits. Used when
 * the user chooses "keep it for this session only" and for the demo's public key.
 */
export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>()
  return {
    status: async () => 'available',
    get: async (id) => secrets.get(id) ?? null,
    set: async (id, secret) => {
      secrets.set(id, secret)
    },
    delete: async (id) => secrets.delete(id)
  }
}
