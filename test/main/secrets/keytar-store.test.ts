import { describe, expect, it } from 'vitest'
import {
  createKeytarSecretStore,
  type KeytarLike
} from '../../../electron/main/secrets/keytar-store'

function fakeKeytar(): KeytarLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getPassword: async (s, a) => entries.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void entries.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => entries.delete(`${s}/${a}`)
  }
}

describe('keytar secret store (injected module)', () => {
  it('stores per connection id under the service name, loading keytar once', async () => {
    const keytar = fakeKeytar()
    let loads = 0
    const warnings: string[] = []
    const store = createKeytarSecretStore({
      service: 'SD test',
      load: async () => {
        loads++
        return keytar
      },
      log: { warn: (m) => void warnings.push(m) }
    })
    expect(await store.status()).toBe('available')
    await store.set('c1', 'secret')
    expect(keytar.entries.get('SD test/c1')).toBe('secret')
    expect(await store.get('c1')).toBe('secret')
    expect(await store.delete('c1')).toBe(true)
    expect(await store.get('c1')).toBeNull()
    expect(await store.status()).toBe('available')
    expect(loads).toBe(1)
    expect(warnings).toEqual([])
  })

  it('is unavailable, not a crash, when the native module cannot load', async () => {
    const warnings: string[] = []
    const store = createKeytarSecretStore({
      load: async () => {
        throw new Error('Cannot find module keytar.node')
      },
      log: { warn: (m) => void warnings.push(m) }
    })
    expect(await store.status()).toBe('unavailable')
    await expect(store.set('c1', 'secret')).rejects.toMatchObject({
      kind: 'keychain-unavailable',
      message: expect.stringContaining('for this session only')
    })
    await expect(store.get('c1')).rejects.toMatchObject({ kind: 'keychain-unavailable' })
    expect(warnings).toHaveLength(1)
  })

  it('is unavailable when the keychain daemon never answers the probe', async () => {
    const hung: KeytarLike = {
      ...fakeKeytar(),
      getPassword: () => new Promise<string | null>(() => undefined)
    }
    const store = createKeytarSecretStore({
      load: async () => hung,
      probeTimeoutMs: 50,
      log: { warn: () => undefined }
    })
    expect(await store.status()).toBe('unavailable')
  })

  it('turns a failing keychain call into keychain-unavailable without echoing the secret', async () => {
    const broken: KeytarLike = {
      ...fakeKeytar(),
      setPassword: async (_s, _a, p) => {
        throw new Error(`could not store ${p}`)
      }
    }
    const store = createKeytarSecretStore({
      load: async () => broken,
      log: { warn: () => undefined }
    })
    const failure = await store.set('c1', 'the-secret').catch((e: unknown) => e)
    expect(failure).toMatchObject({ kind: 'keychain-unavailable' })
    expect(String((failure as Error).message)).not.toContain('the-secret')
  })
})
