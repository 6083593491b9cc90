import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { appUrlCheck, devRendererUrl } from '../../../electron/main/glue/app-url'

describe('app URL check', () => {
  const built = appUrlCheck({ devUrl: null })
  const dev = appUrlCheck({ devUrl: 'http://localhost:5173' })

  it('accepts our app:// origin, any page of it, with any hash or query', () => {
    expect(built('app://seller-desk/index.html')).toBe(true)
    expect(built('app://seller-desk/index.html#/items')).toBe(true)
    expect(built('app://seller-desk/index.html?x=1')).toBe(true)
    expect(built('app://seller-desk/')).toBe(true)
    expect(built('APP://SELLER-DESK/index.html')).toBe(true)
  })

  it.each([
    pathToFileURL(join('/opt/seller-desk/out/renderer/index.html')).href,
    'file:///etc/passwd',
    'app://other/index.html',
    'app://seller-desk.evil.example/index.html',
    'app://seller-desk:8080/index.html',
    'app://user@seller-desk/index.html',
    'app:seller-desk/index.html',
    'sd-media://media/?u=x',
    'https://seller-desk/',
    'https://example.com/',
    'http://localhost:5173/',
    'javascript:alert(1)',
    'not a url'
  ])('refuses %s for the built app', (url) => {
    expect(built(url)).toBe(false)
  })

  it('in dev accepts the dev server origin only', () => {
    expect(dev('http://localhost:5173/')).toBe(true)
    expect(dev('http://localhost:5173/src/main.tsx')).toBe(true)
    expect(dev('http://localhost:51730/')).toBe(false)
    expect(dev('http://localhost:5173.evil.example/')).toBe(false)
    expect(dev('app://seller-desk/index.html')).toBe(false)
  })
})

describe('the dev server address (ELECTRON_RENDERER_URL)', () => {
  const env = (url: string) => ({ ELECTRON_RENDERER_URL: url })

  it('is ignored by a packaged app, whatever it says', () => {
    expect(devRendererUrl(true, env('http://localhost:5173/'))).toBeNull()
    expect(devRendererUrl(true, env('https://evil.example/'))).toBeNull()
  })

  it('is used unpackaged when it is http(s) on this machine', () => {
    expect(devRendererUrl(false, env('http://localhost:5173/'))).toBe('http://localhost:5173/')
    expect(devRendererUrl(false, env('http://127.0.0.1:5174'))).toBe('http://127.0.0.1:5174/')
    expect(devRendererUrl(false, env('http://[::1]:5173/'))).toBe('http://[::1]:5173/')
    expect(devRendererUrl(false, {})).toBeNull()
  })

  it.each([
    'https://evil.example/',
    'http://192.168.1.20:5173/',
    'http://localhost.evil.example:5173/',
    'http://user:pw@localhost:5173/',
    'file:///tmp/index.html',
    'javascript:alert(1)',
    'not a url'
  ])('is refused unpackaged when it is %s', (url) => {
    expect(devRendererUrl(false, env(url))).toBeNull()
  })
})
