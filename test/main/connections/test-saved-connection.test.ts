import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Result } from '../../../shared/errors'
import { createApp, type SellerDeskApp } from '../../../electron/main/app'
import { startDemoServer, type DemoServer } from '../../../electron/demo'
import { dispatch } from '../../../electron/main/ipc/dispatch'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'
import type { SecretStore } from '../../../electron/main/secrets/types'

// "Test" on a saved connection: the renderer names it by id, main reads the key from the
// secret store and asks the demo marketplace (real HTTP) for account details.

const quiet = { warn: () => undefined, error: () => undefined }
const appInfo = { name: 'Seller Desk', version: '0.1.0', platform: 'linux' }

let demo: DemoServer
let dataDir: string
let app: SellerDeskApp
let secrets: SecretStore
let connectionId = ''
const answers: unknown[] = []

const call = async (method: string, request?: unknown): Promise<Result<unknown>> => {
  const result = await dispatch(app.handlers, method, request, quiet)
  answers.push(result)
  return result
}

beforeAll(async () => {
  demo = await startDemoServer({ mode: 'spec', port: 0 })
  dataDir = await mkdtemp(join(tmpdir(), 'sd-test-saved-'))
  secrets = createMemorySecretStore()
  app = await createApp({
    dataDir,
    transport: 'browser',
    appInfo,
    secretStore: secrets,
    log: quiet
  })
  const added = await call('addConnection', { baseUrl: demo.baseUrl, apiKey: demo.apiKey })
  if (!added.ok) throw new Error(added.error.message)
  connectionId = (added.data as { id: string }).id
})

afterAll(async () => {
  await app.close()
  await demo.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('testConnection with a saved connection id', () => {
  it('answers the account the stored key belongs to, with one account request', async () => {
    const before = demo.requests.length
    const result = await call('testConnection', { id: connectionId })
    expect(result).toMatchObject({ ok: true, data: { username: demo.data.seller.username } })
    const sent = demo.requests.slice(before)
    expect(sent.map((r) => r.path)).toEqual(['/api/account/details'])
  })

  it('says what the marketplace said when the stored key is no longer accepted', async () => {
    await secrets.set(connectionId, 'f'.repeat(64))
    try {
      const result = await call('testConnection', { id: connectionId })
      expect(result).toMatchObject({ ok: false, error: { kind: 'unauthorized' } })
    } finally {
      await secrets.set(connectionId, demo.apiKey)
    }
  })

  it('says the key is missing when the secret store lost it', async () => {
    await secrets.delete(connectionId)
    try {
      const result = await call('testConnection', { id: connectionId })
      expect(result).toMatchObject({ ok: false, error: { kind: 'no-connection' } })
      if (!result.ok) expect(result.error.message).toMatch(/key/i)
    } finally {
      await secrets.set(connectionId, demo.apiKey)
    }
  })

  it('tests the built-in demo connection at its current address', async () => {
    const started = await call('startDemo')
    if (!started.ok) throw new Error(started.error.message)
    const demoId = (started.data as { id: string }).id
    const result = await call('testConnection', { id: demoId })
    expect(result).toMatchObject({ ok: true, data: { username: demo.data.seller.username } })
  })

  it('refuses an id it does not know', async () => {
    expect(await call('testConnection', { id: 'no-such-connection' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' }
    })
  })

  it('still tests an unsaved address and key', async () => {
    const result = await call('testConnection', { baseUrl: demo.baseUrl, apiKey: demo.buyerKey })
    expect(result.ok).toBe(true)
  })

  const malformed: Array<[string, unknown]> = [
    ['empty id', { id: '' }],
    ['numeric id', { id: 7 }],
    ['huge id', { id: 'x'.repeat(101) }],
    ['id and a key', { id: 'c1', apiKey: 'k'.repeat(64) }],
    ['id and an address', { id: 'c1', baseUrl: 'https://m.example' }],
    ['address without key', { baseUrl: 'https://m.example' }],
    ['nothing', {}],
    ['a string', 'c1'],
    ['no request', undefined]
  ]
  it.each(malformed)(
    'refuses a malformed request (%s) with invalid-input',
    async (_what, request) => {
      const before = demo.requests.length
      const result = await call('testConnection', request)
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
      expect(demo.requests.length).toBe(before)
    }
  )

  it('never hands the key back', () => {
    expect(JSON.stringify(answers)).not.toContain(demo.apiKey)
  })
})

describe('a banned seller (real-installs §14: account details refused, the rest answers)', () => {
  let real: DemoServer
  beforeAll(async () => {
    real = await startDemoServer({ mode: 'real', port: 0 })
  })
  afterAll(async () => {
    await real.close()
  })

  it('is told the account is refused, not that the key is wrong', async () => {
    real.faults.inject({ type: 'banned' })
    try {
      const result = await call('addConnection', { baseUrl: real.baseUrl, apiKey: real.apiKey })
      expect(result).toMatchObject({ ok: false, error: { kind: 'unauthorized' } })
      if (!result.ok) expect(result.error.message).toMatch(/suspended seller account/)
      // A key that really is wrong still reads as refused, with no talk of suspension.
      const wrong = await call('testConnection', { baseUrl: real.baseUrl, apiKey: 'f'.repeat(64) })
      expect(wrong).toMatchObject({ ok: false, error: { kind: 'unauthorized' } })
      if (!wrong.ok) expect(wrong.error.message).not.toMatch(/suspended/)
      // Nothing was saved for the refused connection.
      const listed = await call('listConnections')
      expect(JSON.stringify(listed)).not.toContain(real.baseUrl)
    } finally {
      real.faults.clear()
    }
  })
})
