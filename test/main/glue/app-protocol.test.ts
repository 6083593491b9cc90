import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { handleAppProtocol } from '../../../electron/main/glue/app-protocol'
import { APP_PAGE_URL } from '../../../electron/main/glue/app-url'
import { registerPrivilegedSchemes } from '../../../electron/main/glue/schemes'

// The app: handler Electron would call for the built page, driven with real Requests
// against a real renderer folder on disk, with links pointing out of it.

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

let dir: string
let renderer: string
const INDEX = '<!doctype html><title>Seller Desk</title>'
const SCRIPT = 'console.log("app")'

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sd-glue-app-'))
  renderer = join(dir, 'renderer')
  await mkdir(join(renderer, 'assets'), { recursive: true })
  await writeFile(join(renderer, 'index.html'), INDEX)
  await writeFile(join(renderer, 'assets', 'index-Bx12.js'), SCRIPT)
  await writeFile(join(renderer, 'assets', 'index-Bx12.css'), 'body{}')
  await writeFile(join(renderer, 'assets', 'logo.svg'), '<svg/>')
  await writeFile(join(renderer, 'assets', 'data.bin'), 'x')
  await writeFile(join(dir, 'secret.txt'), 'outside')
  await mkdir(join(dir, 'renderer-evil'))
  await writeFile(join(dir, 'renderer-evil', 'x.js'), 'evil')
  // Links inside the folder: one pointing out of it, one to a file inside it.
  await symlink(join(dir, 'secret.txt'), join(renderer, 'assets', 'leak.txt'))
  await symlink(dir, join(renderer, 'up'))
  await symlink(join(renderer, 'assets', 'index-Bx12.js'), join(renderer, 'assets', 'alias.js'))
  registerPrivilegedSchemes()
  handleAppProtocol(renderer)
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const get = (url: string, init?: RequestInit) => {
  const handler = fake.protocolHandlers.get('app')
  if (!handler) throw new Error('app: is not handled')
  return handler(new Request(url, init))
}

describe('registerPrivilegedSchemes', () => {
  it('registers app: as standard and secure, with sd-media, in the single call Electron allows', () => {
    expect(fake.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
      {
        scheme: 'sd-media',
        privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true }
      }
    ])
  })
})

describe('the app: handler', () => {
  it('serves the page with the CSP header, framing forbidden', async () => {
    expect(APP_PAGE_URL).toBe('app://seller-desk/index.html')
    for (const url of [APP_PAGE_URL, 'app://seller-desk/', `${APP_PAGE_URL}?x=1#/items`]) {
      const answer = await get(url)
      expect(answer.status, url).toBe(200)
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      const policy = answer.headers.get('content-security-policy')
      expect(policy).toContain("frame-ancestors 'none'")
      expect(policy).toContain("script-src 'self';")
      expect(policy).not.toContain('unsafe')
      expect(await answer.text()).toBe(INDEX)
    }
  })

  it.each([
    ['assets/index-Bx12.js', 'text/javascript; charset=utf-8', SCRIPT],
    ['assets/index-Bx12.css', 'text/css; charset=utf-8', 'body{}'],
    ['assets/logo.svg', 'image/svg+xml', '<svg/>'],
    ['assets/data.bin', 'application/octet-stream', 'x'],
    ['assets/alias.js', 'text/javascript; charset=utf-8', SCRIPT]
  ])('serves %s as %s, without the page policy', async (path, type, body) => {
    const answer = await get(`app://seller-desk/${path}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe(type)
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('content-security-policy')).toBeNull()
    expect(await answer.text()).toBe(body)
  })

  it.each([
    ['a link out of the folder', 'app://seller-desk/assets/leak.txt'],
    ['a folder link out of it', 'app://seller-desk/up/secret.txt'],
    ['encoded dots', 'app://seller-desk/%2e%2e/secret.txt'],
    ['encoded slashes', 'app://seller-desk/..%2fsecret.txt'],
    ['encoded backslashes', 'app://seller-desk/..%5csecret.txt'],
    ['a sibling folder sharing the prefix', 'app://seller-desk/..%2frenderer-evil/x.js'],
    ['a NUL byte', 'app://seller-desk/index.html%00.js'],
    ['a broken escape', 'app://seller-desk/%E0%A4%A'],
    ['a folder', 'app://seller-desk/assets'],
    ['a missing file', 'app://seller-desk/nothing.js'],
    ['another host', 'app://other/index.html'],
    ['a host sharing the prefix', 'app://seller-desk.evil/index.html']
  ])('answers 404 for %s', async (_what, url) => {
    const answer = await get(url)
    expect(answer.status).toBe(404)
    expect(await answer.text()).toBe('')
  })

  it('answers HEAD without a body and nothing but GET and HEAD', async () => {
    const head = await get(APP_PAGE_URL, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body).toBeNull()
    expect(head.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const post = await get(APP_PAGE_URL, { method: 'POST', body: 'x' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })
})
