import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type SellerDeskApp } from '../../../electron/main/app'
import { dispatch, type Handlers } from '../../../electron/main/ipc/dispatch'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'

describe('dispatch', () => {
  let dataDir: string
  let app: SellerDeskApp
  let handlers: Handlers
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sd-smoke-'))
    app = await createApp({
      dataDir,
      transport: 'browser',
      appInfo: { name: 'Seller Desk', version: '9.9.9', platform: 'linux' },
      secretStore: createMemorySecretStore()
    })
    handlers = app.handlers
  })
  afterAll(async () => {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('answers getAppInfo', async () => {
    const r = await dispatch(handlers, 'getAppInfo', undefined)
    expect(r).toEqual({
      ok: true,
      data: { name: 'Seller Desk', version: '9.9.9', platform: 'linux', transport: 'browser' }
    })
  })

  it('refuses an unknown method and a malformed request with invalid-input', async () => {
    expect(await dispatch(handlers, 'deleteEverything', {})).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' }
    })
    expect(await dispatch(handlers, 'setTheme', { theme: 'neon' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' }
    })
    expect(await dispatch(handlers, 'setTheme', 'x'.repeat(10))).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' }
    })
  })
})
