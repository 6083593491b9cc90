import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CSP_PLACEHOLDER, cspMeta } from '../../electron.vite.config'
import { APP_CSP, cspHeader, cspMetaContent, withCsp } from '../../electron/main/csp'

const indexHtml = readFileSync(resolve(__dirname, '../../renderer/index.html'), 'utf8')

function policyOf(html: string): Map<string, string[]> {
  const content = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1]
  if (!content) throw new Error('no CSP meta tag')
  return new Map(
    content
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources])
  )
}

/** Runs the plugin as Vite would: configResolved for the command, then the html hook. */
function transform(html: string, command: 'build' | 'serve'): string {
  const plugin = cspMeta()
  const resolved = plugin.configResolved
  if (typeof resolved !== 'function') throw new Error('expected a plain configResolved function')
  Reflect.apply(resolved, {}, [{ command }])
  const hook = plugin.transformIndexHtml
  if (typeof hook !== 'function') throw new Error('expected a plain transformIndexHtml function')
  const out: unknown = Reflect.apply(hook, {}, [
    html,
    { path: '/index.html', filename: 'index.html' }
  ])
  if (typeof out !== 'string') throw new Error('expected the hook to return the html')
  return out
}

describe('the one CSP', () => {
  it('is written once: index.html holds only the placeholder the build fills', () => {
    expect(policyOf(indexHtml).size).toBe(1)
    expect(indexHtml).toContain(`content="${CSP_PLACEHOLDER}"`)
  })

  it('goes into the built page exactly as electron/main/csp.ts writes it', () => {
    const built = policyOf(transform(indexHtml, 'build'))
    expect(Object.fromEntries(built)).toEqual(APP_CSP)
    expect(built.get('style-src')).toEqual(["'self'"])
    expect(built.get('script-src')).toEqual(["'self'"])
    expect(built.get('connect-src')).toEqual(["'self'"])
  })

  it('refuses to build a page without the placeholder rather than ship it with no policy', () => {
    expect(() => transform('<html><head></head></html>', 'build')).toThrow(CSP_PLACEHOLDER)
  })

  it('as a header forbids framing and adds nothing loose outside dev', () => {
    const header = cspHeader(false)
    expect(header).toBe(`${cspMetaContent(false)}; frame-ancestors 'none'`)
    expect(header).not.toContain('unsafe')
    expect(header).not.toContain('ws:')
    expect(header).toContain("script-src 'self';")
    expect(header).toContain("object-src 'none'")
  })

  it('in dev allows inline styles, the refresh preamble and the HMR socket, and nothing else', () => {
    const strict = policyOf(transform(indexHtml, 'build'))
    const dev = policyOf(transform(indexHtml, 'serve'))
    expect(dev.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(dev.get('script-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(dev.get('connect-src')).toEqual([
      "'self'",
      'ws://localhost:*',
      'ws://127.0.0.1:*',
      'http://localhost:*',
      'http://127.0.0.1:*'
    ])
    for (const [name, sources] of strict) {
      if (!['style-src', 'script-src', 'connect-src'].includes(name))
        expect(dev.get(name)).toEqual(sources)
    }
    expect([...dev.keys()]).toEqual([...strict.keys()])
    expect(cspHeader(true)).toContain("script-src 'self' 'unsafe-inline';")
  })
})

describe('CSP header on Electron answers', () => {
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
