import type { ConnectionView } from '../../../shared/ipc/contract'
import { AppFailure } from '../ipc/failure'
import { KEYCHAIN_UNAVAILABLE_MESSAGE } from '../secrets/messages'
import type { SecretStore } from '../secrets/types'
import type { StoredConnection } from '../settings/schema'
import { keychainLockedMessage } from './messages'

type KeyStorage = ConnectionView['keyStorage']

/** Where each connection's key lives: the OS keychain, or the session only. */
export interface ConnectionKeys {
  storageOf(c: StoredConnection): Promise<KeyStorage>
  /** The connection's key, from the session first; null when neither store has one. */
  currentKey(c: StoredConnection): Promise<string | null>
  /** Puts the key where the user asked and makes sure no copy is left in the other store. */
  store(id: string, apiKey: string, where: 'keychain' | 'session'): Promise<void>
  /** Deletes the key from both stores. */
  forget(id: string): Promise<void>
  /** Throws keychain-unavailable when the keychain cannot be reached. */
  requireKeychain(): Promise<void>
}

export function createConnectionKeys(options: {
  keychain: SecretStore
  session: SecretStore
  log: { warn(message: string): void }
}): ConnectionKeys {
  const { keychain, session, log } = options

  const keychainHas = async (id: string): Promise<boolean> => {
    if ((await keychain.status()) === 'unavailable') return false
    try {
      return (await keychain.get(id)) !== null
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
      return (await keychainHas(c.id)) ? 'keychain' : 'none'
    },
    async currentKey(c) {
      const inSession = await session.get(c.id)
      if (inSession !== null) return inSession
      if ((await keychain.status()) === 'unavailable')
        throw new AppFailure('keychain-unavailable', keychainLockedMessage(c.label))
      return keychain.get(c.id)
    },
    async store(id, apiKey, where) {
      if (where === 'keychain') {
        await keychain.set(id, apiKey)
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
