import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchHost, type RunningHost } from '../../electron/host/launch'
import { channelMethods } from '../../shared/ipc/channels'
import { createHttpTransport, HOST_STOPPED } from '../../renderer/src/transport/http-transport'
import {
  takeHostToken,
  TOKEN_STORAGE_KEY,
  MEDIA_TOKEN_STORAGE_KEY,
  type TokenPlace
} from '../../renderer/src/transport/token'
import { rawRequest, rpcRequest } from '../support/harness-http'

// The renderer's browser transport, run in Node against a real host: same fetch API,
// same wire, no browser needed to pin down its Results.

describe('the browser transport against a real host', () => {
  let host: RunningHost
  let dataDir: string

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'seller-desk-transport-'))
    host = await launchHost({ dataDir, port: 0 })
  })
  afterAll(async () => {
    await host?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it("has every contract method and answers with the host's Results", async () => {
    const api = createHttpTransport({ token: host.server.token, baseUrl: host.server.baseUrl })
    for (const method of channelMethods) expect(typeof api[method], method).toBe('function')
    const info = await api.getAppInfo()
    expect(info).toMatchObject({ ok: true, data: { transport: 'browser', name: 'Seller Desk' } })
    const bad = await api.setTheme({ theme: 'neon' as 'dark' })
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
  })

  it('builds media addresses with the media token, never the call token', () => {
    const api = createHttpTransport({
      token: host.server.token,
      mediaToken: host.server.mediaToken,
      baseUrl: host.server.baseUrl
    })
    const remote = 'https://market.example/a b.jpg?x=1&y=2'
    const address = api.mediaUrl(remote)
    expect(address).toBe(
      `${host.server.baseUrl}/media?u=${encodeURIComponent(remote)}&t=${host.server.mediaToken}`
    )
    expect(address).not.toContain(host.server.token)
  })

  it('a copied media address opens media only: its token is refused by every call', async () => {
    const { port, token, mediaToken } = host.server
    expect(mediaToken).not.toBe(token)
    const asCall = await rpcRequest(port, 'listConnections', mediaToken, undefined, {
      Origin: host.server.baseUrl
    })
    expect(asCall.status).toBe(401)
    // And the call token no longer opens media: each secret does one thing.
    const media = await rawRequest({
      port,
      path: `/media?u=${encodeURIComponent('https://market.example/x.jpg')}&t=${token}`
    })
    expect(media.status).toBe(401)
  })

  it('turns a refused token into an offline Result that says how to recover', async () => {
    const api = createHttpTransport({ token: 'A'.repeat(43), baseUrl: host.server.baseUrl })
    const answer = await api.getAppInfo()
    expect(answer.ok).toBe(false)
    if (!answer.ok) {
      expect(answer.error.kind).toBe('offline')
      expect(answer.error.message).toContain('npm start')
    }
  })

  it('turns a stopped host into an offline Result, and works again after a restart', async () => {
    const { port, token, baseUrl } = host.server
    const api = createHttpTransport({ token, baseUrl })
    await host.close()
    expect(await api.getAppInfo()).toEqual({
      ok: false,
      error: { kind: 'offline', message: HOST_STOPPED }
    })
    host = await launchHost({ dataDir, port, token })
    expect(await api.getAppInfo()).toMatchObject({ ok: true })
  })

  it('reports an answer that is not a Result as bad-response, never as data', async () => {
    const api = createHttpTransport({
      token: 't'.repeat(43),
      baseUrl: 'http://127.0.0.1:9',
      fetch: async () => new Response('<html>proxy error</html>', { status: 502 })
    })
    expect(await api.getAppInfo()).toMatchObject({ ok: false, error: { kind: 'internal' } })
    const odd = createHttpTransport({
      token: 't'.repeat(43),
      fetch: async () => new Response(JSON.stringify({ ok: 'yes' }), { status: 200 })
    })
    expect(await odd.getAppInfo()).toMatchObject({ ok: false, error: { kind: 'bad-response' } })
  })

  it('passes on a failure only in the shape main sends: a known kind, a message, retryAfterMs', async () => {
    const answering = (body: unknown) =>
      createHttpTransport({
        token: 't'.repeat(43),
        fetch: async () => new Response(JSON.stringify(body), { status: 200 })
      })
    const limited = { kind: 'rate-limited', message: 'Slow down.', retryAfterMs: 1500 }
    expect(await answering({ ok: false, error: { ...limited, extra: 1 } }).getAppInfo()).toEqual({
      ok: false,
      error: limited
    })
    for (const error of [
      { kind: 'made-up', message: 'x' },
      { kind: 'offline' },
      { kind: 'offline', message: 'x', retryAfterMs: 'soon' }
    ]) {
      expect(await answering({ ok: false, error }).getAppInfo()).toMatchObject({
        ok: false,
        error: { kind: 'bad-response' }
      })
    }
  })
})

function fakePlace(
  hash: string,
  stored: Record<string, string> = {}
): TokenPlace & { url: string; store: Record<string, string> } {
  const place = {
    url: `/index.html${hash}`,
    store: { ...stored },
    location: { hash, pathname: '/', search: '' },
    history: {
      state: null,
      replaceState(_data: unknown, _unused: string, url?: string | null) {
        place.url = url ?? place.url
        place.location.hash = ''
      }
    },
    sessionStorage: {
      getItem: (key: string) => place.store[key] ?? null,
      setItem: (key: string, value: string) => {
        place.store[key] = value
      }
    }
  }
  return place
}

describe('the host token in the page', () => {
  const token = 'abcDEF0123456789_-abcDEF0123456789_-abcDEFG'

  it('takes the tokens from the fragment, clears the address bar and keeps them for reloads', () => {
    const media = 'mediaTOKEN0123456789_-mediaTOKEN0123456789_'
    const place = fakePlace(`#token=${token}&media=${media}`)
    expect(takeHostToken(place)).toEqual({ rpc: token, media })
    expect(place.url).toBe('/')
    expect(place.store[TOKEN_STORAGE_KEY]).toBe(token)
    expect(place.store[MEDIA_TOKEN_STORAGE_KEY]).toBe(media)
    // The reload: no fragment any more, the tokens come from sessionStorage.
    expect(takeHostToken(place)).toEqual({ rpc: token, media })
  })

  it('clears the address bar at once, and keeps the token when told to', () => {
    const place = fakePlace(`#token=${token}`)
    let keep: (() => void) | null = null
    expect(
      takeHostToken(place, (write) => {
        keep = write
      })
    ).toEqual({ rpc: token, media: null })
    expect(place.url).toBe('/')
    expect(place.store[TOKEN_STORAGE_KEY]).toBeUndefined()
    keep!()
    expect(place.store[TOKEN_STORAGE_KEY]).toBe(token)
  })

  it('finds no token on a page opened without one, and ignores malformed ones', () => {
    expect(takeHostToken(fakePlace(''))).toBeNull()
    const bad = fakePlace('#token=<script>')
    expect(takeHostToken(bad)).toBeNull()
    expect(bad.url).toBe('/')
    expect(takeHostToken(fakePlace('', { [TOKEN_STORAGE_KEY]: 'x y' }))).toBeNull()
  })
})
