import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { vi } from 'vitest'
import { appUrlCheck } from '../../../electron/main/glue/app-url'
import { hardenApp, senderCheck } from '../../../electron/main/glue/security'
import { FakeSession, FakeWebContents, fakeEvent } from './fakes'

// The Electron security checklist (glue/security.ts) driven through fakes of the
// 'electron' module: the listeners hardenApp registers are called as Electron would.

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

const appPage = 'app://seller-desk/index.html#/items'
const isAppUrl = appUrlCheck({ devUrl: null })
const opened: string[] = []
let failOpen = false

beforeAll(async () => {
  hardenApp({
    isAppUrl,
    devOrigin: null,
    openExternal: async (url) => {
      opened.push(url)
      if (failOpen) throw new Error('no browser')
    }
  })
  await fake.app.ready()
})

function newContents(session?: FakeSession): FakeWebContents {
  const contents = new FakeWebContents(session)
  fake.app.emit('web-contents-created', fakeEvent(), contents)
  return contents
}

const FOREIGN = [
  'https://evil.example/',
  'file:///etc/passwd',
  `${pathToFileURL('/opt/seller-desk/out/renderer/index.html').href}`,
  'app://other/index.html',
  'javascript:alert(1)',
  'sd-media://media/?u=https%3A%2F%2Fx.example%2Fa.png',
  'not a url'
]

describe('hardenApp', () => {
  it('sandboxes every renderer', () => {
    expect(fake.app.enableSandbox).toHaveBeenCalledTimes(1)
  })

  it.each(['will-navigate', 'will-redirect'])('%s: stays on our own page', (name) => {
    const contents = newContents()
    for (const url of FOREIGN) {
      const event = fakeEvent()
      contents.emit(name, event, url)
      expect(event.prevented, url).toBe(true)
    }
    const home = fakeEvent()
    contents.emit(name, home, appPage)
    expect(home.prevented).toBe(false)
  })

  it('will-frame-navigate: no frame leaves our own page', () => {
    const contents = newContents()
    for (const url of FOREIGN) {
      const event = fakeEvent({ url })
      contents.emit('will-frame-navigate', event)
      expect(event.prevented, url).toBe(true)
    }
    const home = fakeEvent({ url: appPage })
    contents.emit('will-frame-navigate', home)
    expect(home.prevented).toBe(false)
  })

  it('refuses every webview', () => {
    const event = fakeEvent()
    newContents().emit('will-attach-webview', event, { src: appPage }, { src: appPage })
    expect(event.prevented).toBe(true)
  })

  it('opens no window: http(s) links go to the system browser, nothing else anywhere', async () => {
    const contents = newContents()
    const handler = contents.windowOpenHandler!
    expect(handler).toBeTypeOf('function')
    opened.length = 0
    for (const url of [
      ...FOREIGN,
      'https://user:pw@example.com/',
      appPage,
      'http://example.com/a b'
    ]) {
      expect(handler({ url }), url).toEqual({ action: 'deny' })
    }
    expect(opened).toEqual(['https://evil.example/', 'http://example.com/a%20b'])
    // A browser that cannot open is not an unhandled rejection.
    failOpen = true
    expect(handler({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
    await new Promise((r) => setTimeout(r, 0))
    failOpen = false
  })

  it('denies every permission request, check and device, on each session and the default one', () => {
    const own = new FakeSession()
    newContents(own)
    newContents(own)
    // Hardened once per session, however many pages share it.
    expect(own.hardenCount).toBe(1)
    for (const session of [own, fake.defaultSession]) {
      for (const permission of [
        'media',
        'notifications',
        'geolocation',
        'clipboard-read',
        'openExternal'
      ]) {
        const answers: boolean[] = []
        session.permissionRequest!(null, permission, (granted) => answers.push(granted), {})
        expect(answers, permission).toEqual([false])
        expect(session.permissionCheck!(null, permission, appPage, {}), permission).toBe(false)
      }
      expect(session.devicePermission!({ deviceType: 'usb' })).toBe(false)
    }
  })

  it('puts our CSP on our own pages and leaves other answers alone', () => {
    const session = newContents().session
    const answers: Array<{ responseHeaders?: Record<string, string[]> }> = []
    session.headersReceived!(
      { url: appPage, responseHeaders: { 'content-security-policy': ['default-src *'] } },
      (r) => answers.push(r)
    )
    session.headersReceived!({ url: 'https://cdn.example/x.png', responseHeaders: {} }, (r) =>
      answers.push(r)
    )
    const policy = answers[0]!.responseHeaders!['Content-Security-Policy']![0]!
    expect(policy).toContain("default-src 'self'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(answers[0]!.responseHeaders!['content-security-policy']).toBeUndefined()
    expect(answers[1]).toEqual({})
  })
})

describe('senderCheck', () => {
  const trusted = senderCheck(isAppUrl)
  const event = (senderFrame: unknown) => ({ senderFrame }) as Parameters<typeof trusted>[0]

  it('trusts only our own page in the top frame', () => {
    expect(trusted(event({ url: appPage, parent: null }))).toBe(true)
  })

  it.each([
    ['no frame (gone)', null],
    ['a sub-frame of our page', { url: appPage, parent: { url: appPage } }],
    ['a foreign top frame', { url: 'https://evil.example/', parent: null }],
    ['another file', { url: pathToFileURL('/tmp/evil.html').href, parent: null }]
  ])('refuses %s', (_what, frame) => {
    expect(trusted(event(frame))).toBe(false)
  })
})
