import { describe, expect, it, vi } from 'vitest'
import { prepareBeforeReady } from '../../../electron/main/glue/before-ready'
import { fakeEvent } from './fakes'

// What index.ts does before Electron is ready, through the faked 'electron' module.

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

const CODE = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'

describe('before ready', () => {
  it('hardens the app, registers the schemes and sellerdesk://, and delivers the launch link', () => {
    const delivered: string[] = []
    prepareBeforeReady({
      isAppUrl: () => true,
      devUrl: null,
      openExternal: async () => undefined,
      deliverLink: (code) => delivered.push(code),
      defaultApp: false,
      argv: ['/opt/seller-desk/seller-desk', `sellerdesk://check?code=${CODE}`]
    })
    expect(fake.app.enableSandbox).toHaveBeenCalled()
    expect(fake.privilegedSchemes.map((s) => (s as { scheme: string }).scheme).sort()).toEqual([
      'app',
      'sd-media'
    ])
    expect(fake.protocolClients).toEqual([['sellerdesk']])
    expect(delivered).toEqual([CODE])
    // macOS sends later links as open-url.
    fake.app.emit('open-url', fakeEvent(), `sellerdesk://check?code=${CODE.toUpperCase()}`)
    expect(delivered).toHaveLength(2)
  })
})
