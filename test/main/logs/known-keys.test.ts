import { describe, expect, it } from 'vitest'
import { rememberingKeys } from '../../../electron/main/logs/known-keys'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'

describe('the keys the log masks', () => {
  it('are every key saved or read through the store, and nothing else', async () => {
    const seen = new Set<string>()
    const inner = createMemorySecretStore()
    await inner.set('old', 'key-saved-before-this-run-0000000')
    const store = rememberingKeys(inner, seen)
    await store.set('a', 'key-a-000000000000000000000000000')
    expect(await store.get('old')).toBe('key-saved-before-this-run-0000000')
    expect(await store.get('missing')).toBeNull()
    expect(await store.delete('a')).toBe(true)
    expect(await store.status()).toBe('available')
    expect([...seen].sort()).toEqual([
      'key-a-000000000000000000000000000',
      'key-saved-before-this-run-0000000'
    ])
  })
})
