import type { ConnectionView } from '../../../shared/ipc/contract'
import { AppFailure } from '../ipc/failure'
import { KEYCHAIN_UNAVAILABLE_MESSAGE } from '../secrets/messages'
import type { SecretStore } from '../secrets/types'
import type { StoredConnection } from '../settings/schema'
import { z } from 'zod'
import { keyBoundElsewhereMessage, keychainLockedMessage } from './messages'

type KeyStorage = ConnectionView['keyStorage']

/** Where each connection's key lives: the OS keychain, or the session only. */
export interface ConnectionKeys {
  storageOf(c: StoredConnection): Promise<KeyStorage>
  /**
   * The connection's key, from the session first; null when neither store has one. Throws
   * when the keychain's key was saved for another origin than the connection's address.
   */
  currentKey(c: StoredConnection): Promise<string | null>
  /**
   * Puts the key where the user asked, bound to `baseUrl`'s origin, and makes sure no copy
   * is left in the other store.
   */
  store(id: string, baseUrl: string, apiKey: string, where: 'keychain' | 'session'): Promise<void>
  /** Deletes the key from both stores. */
  forget(id: string): Promise<void>
  /** Throws keychain-unavailable when the keychain cannot be reached. */
  requireKeychain(): Promise<void>
}

const SealedSchema = z.object({ sealed: z.literal(1), origin: z.string(), key: z.string() })

/** A keychain entry: the key with the origin it may be sent to. */
function seal(baseUrl: string, apiKey: string): string {
  return JSON.stringify({ sealed: 1, origin: new URL(baseUrl).origin, key: apiKey })
}

/** The key and its origin; origin null for an entry saved before keys were bound. */
function unseal(stored: string): { origin: string | null; key: string } {
  let json: unknown = null
  try {
    json = stored.startsWith('{') ? JSON.parse(stored) : null
  } catch {
    json = null
  }
  const sealed = SealedSchema.safeParse(json)
  return sealed.success ? sealed.data : { origin: null, key: stored }
}

function boundTo(stored: string, baseUrl: string): boolean {
  const { origin } = unseal(stored)
  return origin === null || origin === new URL(baseUrl).origin
}

export function createConnectionKeys(options: {
  keychain: SecretStore
  session: SecretStore
  log: { warn(message: string): void }
}): ConnectionKeys {
  const { keychain, session, log } = options

  const keychainHas = async (c: StoredConnection): Promise<boolean> => {
    if ((await keychain.status()) === 'unavailable') return false
    try {
      const stored = await keychain.get(c.id)
      // A key bound to another origin is not this connection's key.
      return stored !== null && boundTo(stored, c.baseUrl)
    } catch {
      return false
    }
  }

  const forgetKeychainKey = async (id: string): Promise<void> => {
    if ((await keychain.status()) === 'unavailable') return
    try {
      await keychain.delete(id)
    } catch {
      log.warn('[connections] Could not delete a key from the keychain.')
    }
  }

  return {
    async storageOf(c) {
      // The demo's key is public and re-issued each run: it always lives in the session.
      if (c.isDemo) return 'session'
      if ((await session.get(c.id)) !== null) return 'session'
      return (await keychainHas(c)) ? 'keychain' : 'none'
    },
    async currentKey(c) {
      const inSession = await session.get(c.id)
      if (inSession !== null) return inSession
      if ((await keychain.status()) === 'unavailable')
        throw new AppFailure('keychain-unavailable', keychainLockedMessage(c.label))
      const stored = await keychain.get(c.id)
      if (stored === null) return null
      const sealed = unseal(stored)
      if (sealed.origin === null) {
        // Saved before keys were bound: bound now to the address it has been used with.
        await keychain.set(c.id, seal(c.baseUrl, sealed.key)).catch(() => {
          log.warn('[connections] Could not bind a saved key to its address.')
        })
        return sealed.key
      }
      // settings.json is a file other programs can write; the keychain entry is not. A
      // connection pointed elsewhere behind the app's back does not get the key.
      if (sealed.origin !== new URL(c.baseUrl).origin)
        throw new AppFailure(
          'invalid-input',
          keyBoundElsewhereMessage(new URL(sealed.origin).host, new URL(c.baseUrl).host)
        )
      return sealed.key
    },
    async store(id, baseUrl, apiKey, where) {
      if (where === 'keychain') {
        await keychain.set(id, seal(baseUrl, apiKey))
        await session.delete(id)
      } else {
        await session.set(id, apiKey)
        await forgetKeychainKey(id)
      }
    },
    async forget(id) {
      await session.delete(id)
      await forgetKeychainKey(id)
    },
    async requireKeychain() {
      if ((await keychain.status()) === 'unavailable')
        throw new AppFailure('keychain-unavailable', KEYCHAIN_UNAVAILABLE_MESSAGE)
    }
  }
}
