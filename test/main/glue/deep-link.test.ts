import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  handleDeepLink,
  handleDeepLinkArgv,
  receiveDeepLinks,
  registerDeepLinks
} from '../../../electron/main/glue/deep-link'
import { fakeEvent, resetElectronFake } from './fakes'

// sellerdesk:// links on all three paths, through the faked 'electron' module (fakes.ts).

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

const CODE = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'

beforeEach(() => resetElectronFake(fake))

describe('deep links', () => {
  const delivered: string[] = []
  const warnings: string[] = []
  receiveDeepLinks({ deliver: (c) => delivered.push(c), log: { warn: (m) => warnings.push(m) } })
  beforeEach(() => {
    delivered.length = 0
    warnings.length = 0
  })

  it('registers the scheme (with the app path under `electron .`) and handles macOS open-url', () => {
    registerDeepLinks({ defaultApp: false, argv: ['/opt/Seller Desk/seller-desk'] })
    expect(fake.protocolClients.at(-1)).toEqual(['sellerdesk'])
    registerDeepLinks({ defaultApp: true, argv: ['/usr/bin/electron', 'out/main/index.js'] })
    expect(fake.protocolClients.at(-1)).toEqual([
      'sellerdesk',
      process.execPath,
      [join(process.cwd(), 'out/main/index.js')]
    ])
    const event = fakeEvent()
    fake.app.emit('open-url', event, `sellerdesk://check?code=${CODE}`)
    expect(event.prevented).toBe(true)
    expect(delivered).toContain(CODE)
  })

  it('takes the code from a first launch’s or a second instance’s argv', () => {
    expect(
      handleDeepLinkArgv(['/opt/sd/seller-desk', '--flag', `sellerdesk://check/?code=${CODE}`])
    ).toBe(true)
    expect(delivered).toEqual([CODE])
    expect(handleDeepLinkArgv(['/opt/sd/seller-desk'])).toBe(false)
    expect(warnings).toEqual([])
  })

  it('ignores anything but a lone code, with a log line that does not repeat the link', () => {
    expect(handleDeepLink(`sellerdesk://check?code=${CODE}&then=delete`)).toBe(false)
    expect(handleDeepLinkArgv(['x', 'sellerdesk://settings?key=abc'])).toBe(false)
    expect(delivered).toEqual([])
    expect(warnings).toHaveLength(2)
    expect(warnings.join('\n')).not.toContain(CODE)
    expect(warnings.join('\n')).not.toContain('abc')
  })
})
