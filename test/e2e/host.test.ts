import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Frame, Page, Request, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cspHeader, cspMetaContent } from '../../electron/main/csp'
import { launchHost, type RunningHost } from '../../electron/host/launch'
import { defaultRendererDir, repoRoot } from '../../electron/host/paths'
import { TOKEN_STORAGE_KEY } from '../../renderer/src/transport/token'
import { startHarness } from './harness'
import { rawRequest, rpcRequest } from '../support/harness-http'

const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
  version: string
}

describe('the browser host over raw HTTP', () => {
  let host: RunningHost
  let dataDir: string
  let port: number
  let token: string

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'seller-desk-host-'))
    host = await launchHost({ dataDir, port: 0 })
    port = host.server.port
    token = host.server.token
  })
  afterAll(async () => {
    await host?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('listens on loopback with a 32-byte base64url token in the URL fragment', () => {
    expect(host.server.baseUrl).toBe(`http://127.0.0.1:${port}`)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(host.server.url).toBe(
      `http://127.0.0.1:${port}/#token=${token}&media=${host.server.mediaToken}`
    )
  })

  it('answers a call carrying the token with the Result dispatch produced', async () => {
    const answer = await rpcRequest(port, 'getAppInfo', token, undefined, {
      Origin: `http://127.0.0.1:${port}`
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(answer.body)).toEqual({
      ok: true,
      data: {
        name: 'Seller Desk',
        version: pkg.version,
        platform: process.platform,
        transport: 'browser'
      }
    })
    const viaLocalhost = await rpcRequest(port, 'getAppInfo', token, undefined, {
      Host: `localhost:${port}`,
      Origin: `http://localhost:${port}`
    })
    expect(viaLocalhost.status).toBe(200)
  })

  it('refuses calls without the token or with a wrong one (401)', async () => {
    const none = await rpcRequest(port, 'getAppInfo', null, undefined)
    expect(none.status).toBe(401)
    expect(JSON.parse(none.body)).toMatchObject({ ok: false, error: { kind: 'offline' } })
    const wrong = await rpcRequest(
      port,
      'getAppInfo',
      randomBytes(32).toString('base64url'),
      undefined
    )
    expect(wrong.status).toBe(401)
    const prefix = await rpcRequest(port, 'getAppInfo', token.slice(0, 20), undefined)
    expect(prefix.status).toBe(401)
    const asQuery = await rawRequest({
      port,
      method: 'POST',
      path: `/rpc/getAppInfo?t=${token}`,
      headers: { 'Content-Type': 'application/json' }
    })
    expect(asQuery.status).toBe(401)
  })

  it('refuses a foreign Origin and a cross-site fetch even with the right token (403)', async () => {
    const evil = await rpcRequest(port, 'getAppInfo', token, undefined, {
      Origin: 'http://evil.example'
    })
    expect(evil.status).toBe(403)
    expect(JSON.parse(evil.body)).toMatchObject({ ok: false })
    const otherPort = await rpcRequest(port, 'getAppInfo', token, undefined, {
      Origin: `http://127.0.0.1:${port + 1}`
    })
    expect(otherPort.status).toBe(403)
    const nullOrigin = await rpcRequest(port, 'getAppInfo', token, undefined, { Origin: 'null' })
    expect(nullOrigin.status).toBe(403)
    const crossSite = await rpcRequest(port, 'getAppInfo', token, undefined, {
      'Sec-Fetch-Site': 'cross-site'
    })
    expect(crossSite.status).toBe(403)
  })

  it('refuses a foreign Host header, for calls and for the page (DNS rebinding, 403)', async () => {
    const rpc = await rpcRequest(port, 'getAppInfo', token, undefined, {
      Host: `evil.example:${port}`
    })
    expect(rpc.status).toBe(403)
    const page = await rawRequest({ port, path: '/', headers: { Host: `evil.example:${port}` } })
    expect(page.status).toBe(403)
    expect(page.body).not.toContain('<html')
    const wrongPort = await rawRequest({
      port,
      path: '/',
      headers: { Host: `127.0.0.1:${port + 1}` }
    })
    expect(wrongPort.status).toBe(403)
  })

  it('answers a malformed request with invalid-input', async () => {
    const badTheme = await rpcRequest(port, 'setTheme', token, { theme: 'neon' })
    expect(badTheme.status).toBe(200)
    expect(JSON.parse(badTheme.body)).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
    const notJson = await rawRequest({
      port,
      method: 'POST',
      path: '/rpc/setTheme',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: '{"theme":'
    })
    expect(notJson.status).toBe(400)
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
    const unknown = await rpcRequest(port, 'deleteEverything', token, {})
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
  })

  it('takes only JSON POSTs of at most 1 MB', async () => {
    const get = await rawRequest({
      port,
      path: '/rpc/getAppInfo',
      headers: { Authorization: `Bearer ${token}` }
    })
    expect(get.status).toBe(405)
    const text = await rpcRequest(port, 'getAppInfo', token, undefined, {
      'Content-Type': 'text/plain'
    })
    expect(text.status).toBe(415)
    const form = await rpcRequest(port, 'getAppInfo', token, undefined, {
      'Content-Type': 'application/x-www-form-urlencoded'
    })
    expect(form.status).toBe(415)
    const huge = await rpcRequest(port, 'validatePurchase', token, {
      code: 'x'.repeat(1024 * 1024 + 10)
    })
    expect(huge.status).toBe(413)
    const withCharset = await rpcRequest(port, 'getAppInfo', token, undefined, {
      'Content-Type': 'application/json; charset=utf-8'
    })
    expect(withCharset.status).toBe(200)
  })

  it('serves the built page with its CSP and security headers', async () => {
    const indexHtml = await readFile(join(defaultRendererDir, 'index.html'), 'utf8')
    const page = await rawRequest({ port, path: '/' })
    expect(page.status).toBe(200)
    expect(page.body).toBe(indexHtml)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-store')
    // The built page's meta tag and the header are one policy; the header also forbids framing.
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(indexHtml)?.[1]
    expect(meta).toBe(cspMetaContent(false))
    expect(page.headers['content-security-policy']).toBe(`${meta}; frame-ancestors 'none'`)
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    // The desktop app sends its policy as a header too: both transports enforce one policy.
    const directives = (policy: string): string[] =>
      policy
        .split(';')
        .map((d) => d.trim())
        .sort()
    expect(directives(String(page.headers['content-security-policy']))).toEqual(
      directives(cspHeader(false))
    )
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')

    const script = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(indexHtml)?.[1]
    const style = /href="\.?\/?(assets\/[^"]+\.css)"/.exec(indexHtml)?.[1]
    expect(script).toBeDefined()
    const js = await rawRequest({ port, path: `/${script}` })
    expect(js.status).toBe(200)
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    if (style) {
      const css = await rawRequest({ port, path: `/${style}` })
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    }
  })

  it('never serves a file outside the built renderer', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/%2e%2e%2f%2e%2e%2fpackage.json',
      '/..%5c..%5cpackage.json',
      '/assets/%00.js',
      '/%E0%A4%A',
      '/assets',
      '/nothing-here.js'
    ]) {
      const answer = await rawRequest({ port, path })
      expect.soft(answer.status, path).toBe(404)
      expect.soft(answer.body, path).not.toContain('seller-desk')
    }
  })

  it('guards /media with the media token from the query', async () => {
    const media = host.server.mediaToken
    const remote = encodeURIComponent('https://market.example/thumb.jpg')
    expect((await rawRequest({ port, path: `/media?u=${remote}` })).status).toBe(401)
    expect(
      (
        await rawRequest({
          port,
          path: `/media?u=${remote}&t=${randomBytes(32).toString('base64url')}`
        })
      ).status
    ).toBe(401)
    // The call token is not the media token: it opens no media.
    expect((await rawRequest({ port, path: `/media?u=${remote}&t=${token}` })).status).toBe(401)
    expect((await rawRequest({ port, path: `/media?t=${media}` })).status).toBe(404)
    const post = await rawRequest({ port, method: 'POST', path: `/media?u=${remote}&t=${media}` })
    expect(post.status).toBe(405)
  })
})

/**
 * Reloads the page and returns the new document's first answer from /rpc/<method>, with
 * the request's headers. Every /rpc request the page made meanwhile is kept, so a failure
 * says what did happen (refused, aborted, another status) rather than only "timed out".
 */
async function rpcOnReload(
  page: Page,
  method: string
): Promise<{ body: unknown; headers: Record<string, string> }> {
  const traffic: string[] = []
  const pathOf = (url: string): string => new URL(url).pathname
  const onResponse = (r: Response): void => {
    if (pathOf(r.url()).startsWith('/rpc/')) traffic.push(`${r.status()} ${pathOf(r.url())}`)
  }
  const onFailed = (r: Request): void => {
    if (pathOf(r.url()).startsWith('/rpc/'))
      traffic.push(`${r.failure()?.errorText ?? 'failed'} ${pathOf(r.url())}`)
  }
  // Only the reloaded page's call counts: the page before it may still be answered a call
  // of the same name as the reload starts, and its body is gone once the page is.
  let reloaded = false
  const onNavigated = (frame: Frame): void => {
    if (frame === page.mainFrame()) reloaded = true
  }
  page.on('response', onResponse)
  page.on('requestfailed', onFailed)
  page.on('framenavigated', onNavigated)
  try {
    const answered = page.waitForResponse((r) => reloaded && pathOf(r.url()) === `/rpc/${method}`, {
      timeout: 30_000
    })
    await page.reload()
    const response = await answered.catch((e: unknown) => {
      throw new Error(
        `${e instanceof Error ? e.message : String(e)}\n/rpc traffic since the reload: ${traffic.join(', ') || 'none'}`
      )
    })
    return { body: await response.json(), headers: await response.request().allHeaders() }
  } finally {
    page.off('response', onResponse)
    page.off('requestfailed', onFailed)
    page.off('framenavigated', onNavigated)
  }
}

/** The page has finished starting: its first calls were answered and the Connect screen shows. */
async function booted(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Connect your marketplace' }).waitFor({ timeout: 30_000 })
}

describe('the app in Chromium through the browser host', () => {
  it('loads the shell, which calls the bridge over HTTP with the token', async () => {
    const h = await startHarness()
    // The token left the address bar at once, and is kept in this tab's sessionStorage
    // once the page is idle.
    expect(h.page.url()).toBe(`${h.host.baseUrl}/`)
    await expect
      .poll(() => h.page.evaluate(`sessionStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})`))
      .toBe(h.token)
    // A reload (no fragment now) still reaches main.
    await booted(h.page)
    const workers: string[] = []
    h.page.on('worker', (w) => workers.push(w.url()))
    const info = await rpcOnReload(h.page, 'getAppInfo')
    expect(info.headers['authorization']).toBe(`Bearer ${h.token}`)
    expect(info.body).toEqual({
      ok: true,
      data: {
        name: 'Seller Desk',
        version: pkg.version,
        platform: process.platform,
        transport: 'browser'
      }
    })
    expect(await h.page.getByRole('alert').filter({ hasText: 'npm start' }).count()).toBe(0)
    // ICU's first use is paid in a worker of the page's own files, which the policy allows.
    await expect.poll(() => workers).toHaveLength(1)
    expect(new URL(workers[0]!).origin).toBe(h.host.baseUrl)
    expect(new URL(workers[0]!).pathname).toMatch(/^\/assets\/format-warmer-[\w-]+\.js$/)
    expect(
      h.consoleLines.filter(
        (l) => l.startsWith('[pageerror]') || /Content Security Policy/i.test(l)
      )
    ).toEqual([])
  })

  it('shows the app version once connected (--demo)', async () => {
    const h = await startHarness({ demo: true })
    await expect
      .poll(() => h.page.getByTestId('app-version').textContent(), { timeout: 15_000 })
      .toContain(pkg.version)
  })

  it('shows a clear notice when the page is opened without its token', async () => {
    const h = await startHarness()
    const fresh = await h.context.newPage()
    await fresh.goto(`${h.host.baseUrl}/`)
    const notice = fresh.getByRole('alert').filter({
      has: fresh.getByRole('heading', { name: "Seller Desk can't reach its local service" })
    })
    await notice.waitFor({ timeout: 15_000 })
    expect(await notice.textContent()).toContain('npm start')
  })

  it('keeps the page working across a host restart with the same token', async () => {
    const h = await startHarness()
    // Stop only once the page is idle: stopping while its first calls are in flight made
    // what the page was doing at the reload depend on timing.
    await booted(h.page)
    await h.host.stop()
    const stopped = await h.page.evaluate(async (base) => {
      try {
        await fetch(`${base}/rpc/getAppInfo`, { method: 'POST' })
        return 'answered'
      } catch {
        return 'refused'
      }
    }, h.host.baseUrl)
    expect(stopped).toBe('refused')
    await h.host.restart()
    const after = await rpcOnReload(h.page, 'listConnections')
    expect(after.body).toMatchObject({ ok: true, data: { connections: [] } })
    expect(after.headers['authorization']).toBe(`Bearer ${h.token}`)
    await booted(h.page)
  })
})
