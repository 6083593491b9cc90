import { AppFailure } from '../ipc/failure'
import { KEYCHAIN_UNAVAILABLE_MESSAGE } from './messages'
import type { KeychainStatus, SecretStore } from './types'

/** The part of keytar Seller Desk uses. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export interface KeytarStoreOptions {
  /** Keychain service name; the account is the connection id. */
  service?: string
  /** Loads the native module; injected by tests to simulate a missing one. */
  load?: () => Promise<KeytarLike>
  /** A hung D-Bus or keychain daemon must not hang the app. */
  probeTimeoutMs?: number
  /** Longer than the probe: a keychain may ask the user to unlock it. */
  callTimeoutMs?: number
  log?: { warn(message: string): void }
}

const KEYCHAIN_SERVICE = 'Seller Desk'
const PROBE_ACCOUNT = 'seller-desk-probe'

function isKeytarLike(v: unknown): v is KeytarLike {
  if (typeof v !== 'object' || v === null) return false
  const o = v as Record<string, unknown>
  return (
    typeof o.getPassword === 'function' &&
    typeof o.setPassword === 'function' &&
    typeof o.deletePassword === 'function'
  )
}

// Loaded on first use, never at startup: a missing native module or libsecret must
// only make the keychain 'unavailable'.
async function loadKeytar(): Promise<KeytarLike> {
  const mod: unknown = await import('keytar')
  const candidate = (mod as { default?: unknown }).default ?? mod
  if (!isKeytarLike(candidate)) throw new Error('keytar did not load')
  return candidate
}

class KeychainTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new KeychainTimeout(`no answer within ${ms} ms`)), ms)
    timer.unref?.()
    work.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      (e: unknown) => {
        clearTimeout(timer)
        reject(e instanceof Error ? e : new Error(String(e)))
      }
    )
  })
}

/**
 * The OS keychain through keytar (macOS Keychain, Windows Credential Manager, libsecret).
 * Availability is probed once with a harmless read; keychain errors are reported by kind
 * only, since their text could in principle echo what was passed in.
 */
export function createKeytarSecretStore(options: KeytarStoreOptions = {}): SecretStore {
  const service = options.service ?? KEYCHAIN_SERVICE
  const load = options.load ?? loadKeytar
  const probeTimeoutMs = options.probeTimeoutMs ?? 3000
  const callTimeoutMs = options.callTimeoutMs ?? 30_000
  const log = options.log ?? console

  let probed: Promise<KeytarLike | null> | null = null

  const probe = (): Promise<KeytarLike | null> => {
    probed ??= (async () => {
      try {
        const keytar = await withTimeout(load(), probeTimeoutMs)
        await withTimeout(keytar.getPassword(service, PROBE_ACCOUNT), probeTimeoutMs)
        return keytar
      } catch (e) {
        const reason =
          e instanceof KeychainTimeout ? 'it did not answer in time' : 'it could not be opened'
        log.warn(
          `[secrets] System keychain unavailable (${reason}); keys can be kept for this session only.`
        )
        return null
      }
    })()
    return probed
  }

  const keychain = async (): Promise<KeytarLike> => {
    const keytar = await probe()
    if (!keytar) throw new AppFailure('keychain-unavailable', KEYCHAIN_UNAVAILABLE_MESSAGE)
    return keytar
  }

  const call = async <T>(what: string, run: (k: KeytarLike) => Promise<T>): Promise<T> => {
    const keytar = await keychain()
    try {
      return await withTimeout(run(keytar), callTimeoutMs)
    } catch {
      log.warn(`[secrets] Keychain ${what} failed.`)
      throw new AppFailure('keychain-unavailable', KEYCHAIN_UNAVAILABLE_MESSAGE)
    }
  }

  return {
    status: async (): Promise<KeychainStatus> => ((await probe()) ? 'available' : 'unavailable'),
    get: (id) => call('read', (k) => k.getPassword(service, id)),
    set: (id, secret) => call('write', (k) => k.setPassword(service, id, secret)),
    delete: (id) => call('delete', (k) => k.deletePassword(service, id))
  }
}
