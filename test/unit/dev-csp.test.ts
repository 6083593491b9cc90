import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { devCsp } from '../../electron.vite.config'

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

function transform(html: string): string {
  const hook = devCsp().transformIndexHtml
  if (typeof hook !== 'function') throw new Error('expected a plain transformIndexHtml function')
  const out: unknown = Reflect.apply(hook, {}, [
    html,
    { path: '/index.html', filename: 'index.html' }
  ])
  if (typeof out !== 'string') throw new Error('expected the hook to return the html')
  return out
}

describe('the dev-only CSP plugin', () => {
  it('applies in serve mode only, so the built page keeps the policy as written', () => {
    expect(devCsp().apply).toBe('serve')
  })

  it('starts from a strict policy in index.html', () => {
    const strict = policyOf(indexHtml)
    expect(strict.get('style-src')).toEqual(["'self'"])
    expect(strict.get('script-src')).toEqual(["'self'"])
    expect(strict.get('connect-src')).toEqual(["'self'"])
  })

  it('allows inline styles, the inline refresh preamble and the HMR socket, and nothing else', () => {
    const strict = policyOf(indexHtml)
    const dev = policyOf(transform(indexHtml))
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
  })
})
