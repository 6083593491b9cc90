import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { appUrlCheck } from '../../../electron/main/glue/app-url'
import { APP_CSP, cspHeader, withCsp } from '../../../electron/main/glue/csp'

const indexHtml = readFileSync(resolve(__dirname, '../../../renderer/index.html'), 'utf8')

function metaPolicy(html: string): Record<string, string[]> {
  const content = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1]
  if (!content) throw new Error('renderer/index.html has no CSP meta tag')
  return Object.fromEntries(
    content
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources])
  )
}

describe('CSP header', () => {
  it('is the same policy as the meta tag in renderer/index.html', () => {
    expect(APP_CSP).toEqual(metaPolicy(indexHtml))
  })

  it('forbids framing and adds nothing loose outside dev', () => {
    const header = cspHeader(false)
    expect(header).toContain("frame-ancestors 'none'")
    expect(header).not.toContain('unsafe')
    expect(header).not.toContain('ws:')
    expect(header).toContain("script-src 'self';")
  })

  it('in dev allows only what the dev server needs', () => {
    const header = cspHeader(true)
    expect(header).toContain("script-src 'self' 'unsafe-inline';")
    expect(header).toContain("object-src 'none'")
    expect(header).toContain('ws://localhost:*')
  })

  it('replaces any policy the server sent, whatever its header case', () => {
    const out = withCsp(
      { 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] },
      "default-src 'self'"
    )
    expect(out).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': ["default-src 'self'"]
    })
  })
})

describe('app URL check', () => {
  const rendererFile = join('/opt/seller-desk/out/renderer/index.html')
  const built = appUrlCheck({ devUrl: null, rendererFile })
  const dev = appUrlCheck({ devUrl: 'http://localhost:5173', rendererFile })
  const fileUrl = pathToFileURL(rendererFile).href

  it('accepts exactly our built page, with any hash or query', () => {
    expect(built(fileUrl)).toBe(true)
    expect(built(`${fileUrl}#/items`)).toBe(true)
    expect(built(`${fileUrl}?x=1`)).toBe(true)
  })

  it.each([
    'file:///etc/passwd',
    'file:///tmp/evil/renderer/index.html',
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
    expect(dev(fileUrl)).toBe(false)
  })
})
