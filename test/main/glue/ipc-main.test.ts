import { describe, expect, it, vi } from 'vitest'
import { contract, methods } from '../../../shared/ipc/contract'
import type { Handlers } from '../../../electron/main/ipc/dispatch'
import { registerIpc } from '../../../electron/main/glue/ipc-main'

// registerIpc is the one place main touches IPC: one handler per contract channel, each
// refusing senders other than our own page before any handler runs.

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

const calls: unknown[] = []
const appInfo = { name: 'Seller Desk', version: '0.1.0', platform: 'linux', transport: 'electron' }
// Only the methods these tests call; dispatch never reaches the others.
const handlers = {
  getAppInfo: async () => {
    calls.push('getAppInfo')
    return appInfo
  },
  removeConnection: async (request: unknown) => {
    calls.push(request)
    return { connections: [], activeId: null, keychain: 'available' }
  }
} as unknown as Handlers

const TRUSTED = { trusted: true }
registerIpc(handlers, (event) => event === (TRUSTED as unknown))

const invoke = (method: keyof typeof contract, event: unknown, request?: unknown) =>
  fake.ipcHandlers.get(contract[method].channel)!(event, request)

describe('registerIpc', () => {
  it('handles exactly the contract channels, once each', () => {
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(
      methods.map((m) => contract[m].channel).sort()
    )
  })

  it('answers our own page through dispatch', async () => {
    expect(await invoke('getAppInfo', TRUSTED)).toEqual({ ok: true, data: appInfo })
    expect(await invoke('removeConnection', TRUSTED, { id: 'c1' })).toMatchObject({ ok: true })
    expect(calls).toEqual(['getAppInfo', { id: 'c1' }])
  })

  it('refuses an unknown sender before any handler runs', async () => {
    calls.length = 0
    for (const event of [{}, { senderFrame: null }, { trusted: true }]) {
      expect(await invoke('removeConnection', event, { id: 'c1' })).toEqual({
        ok: false,
        error: { kind: 'invalid-input', message: 'Request refused: unknown sender.' }
      })
    }
    expect(calls).toEqual([])
  })

  it('checks each request against the contract', async () => {
    calls.length = 0
    expect(await invoke('removeConnection', TRUSTED, { id: 42 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' }
    })
    expect(calls).toEqual([])
  })
})
