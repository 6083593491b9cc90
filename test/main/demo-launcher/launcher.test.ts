import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type SellerDeskApp } from '../../../electron/main/app'
import { dispatch } from '../../../electron/main/ipc/dispatch'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'
import { filesUnder } from '../../support/files-under'
import { data } from '../../support/results'

const quiet = { warn: () => undefined, error: () => undefined }
const appInfo = { name: 'Seller Desk', version: '0.1.0', platform: 'linux' }

interface DemoView {
  id: string
  label: string
  baseUrl: string
  isDemo: boolean
  keyStorage: string
}

/** Whether anything still answers at the address (the demo must be closed with the app). */
async function answers(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/api/account/details`, { signal: AbortSignal.timeout(5000) })
    return true
  } catch {
    return false
  }
}

describe('the built-in demo marketplace', () => {
  let dataDir: string
  const apps: SellerDeskApp[] = []
  const open = async (): Promise<SellerDeskApp> => {
    const app = await createApp({
      dataDir,
      transport: 'browser',
      appInfo,
      secretStore: createMemorySecretStore(),
      log: quiet
    })
    apps.push(app)
    return app
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sd-demo-'))
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('starts in-process once, connects to it and closes with the app', async () => {
    const app = await open()
    const first = data<DemoView>(await dispatch(app.handlers, 'startDemo', undefined, quiet))
    expect(first).toMatchObject({ label: 'Demo marketplace', isDemo: true, keyStorage: 'session' })
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const second = data<DemoView>(await dispatch(app.handlers, 'startDemo', undefined, quiet))
    expect(second).toEqual(first)
    const state = data<{ connections: DemoView[]; activeId: string }>(
      await dispatch(app.handlers, 'listConnections', undefined, quiet)
    )
    expect(state.connections).toEqual([first])
    expect(state.activeId).toBe(first.id)
    const items = data<{ data: { items: unknown[] } }>(
      await dispatch(app.handlers, 'listItems', undefined, quiet)
    )
    expect(items.data.items.length).toBeGreaterThan(0)
    expect(await answers(first.baseUrl)).toBe(true)
    await app.close()
    expect(await answers(first.baseUrl)).toBe(false)
  })

  it('restarts the demo when the next run starts with it active, and saves its new address', async () => {
    const before = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as {
      connections: DemoView[]
    }
    const app = await open()
    const account = data<{ data: { username: string }; freshness: { source: string } }>(
      await dispatch(app.handlers, 'getAccount', undefined, quiet)
    )
    expect(account.freshness.source).toBe('network')
    const state = data<{ connections: DemoView[] }>(
      await dispatch(app.handlers, 'listConnections', undefined, quiet)
    )
    expect(state.connections).toHaveLength(1)
    expect(state.connections[0]?.id).toBe(before.connections[0]?.id)
    expect(await answers(state.connections[0]!.baseUrl)).toBe(true)
    // The demo's key is public but still never written down.
    const settingsText = (await filesUnder(dataDir)).map((f) => f.text).join('\n')
    expect(settingsText).not.toMatch(/[0-9a-f]{64}/)
  })
})

describe('the demo’s sample codes', () => {
  let dataDir: string
  let app: SellerDeskApp | null = null
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sd-demo-samples-'))
  })
  afterAll(async () => {
    await app?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('are given only while the demo is the active connection, and each ends in its verdict', async () => {
    app = await createApp({
      dataDir,
      transport: 'browser',
      appInfo,
      secretStore: createMemorySecretStore(),
      log: quiet
    })
    // No connection yet: nothing, and no demo started for it.
    expect(await dispatch(app.handlers, 'getSampleCodes', undefined, quiet)).toEqual({
      ok: true,
      data: null
    })

    data(await dispatch(app.handlers, 'startDemo', undefined, quiet))
    const samples = data<Record<string, string>>(
      await dispatch(app.handlers, 'getSampleCodes', undefined, quiet)
    )
    expect(Object.keys(samples).sort()).toEqual(['expired', 'invalid', 'noSupport', 'valid'])
    const check = async (code: string) =>
      data<{ valid: boolean; purchase?: { supported_until: string | null } }>(
        await dispatch(app!.handlers, 'validatePurchase', { code }, quiet)
      )
    const valid = await check(samples['valid']!)
    expect(Date.parse(valid.purchase!.supported_until!)).toBeGreaterThan(Date.now())
    const expired = await check(samples['expired']!)
    expect(Date.parse(expired.purchase!.supported_until!)).toBeLessThan(Date.now())
    expect((await check(samples['noSupport']!)).purchase!.supported_until).toBeNull()
    expect((await check(samples['invalid']!)).valid).toBe(false)
  })
})
