import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchHost, type RunningHost } from '../../electron/host/launch'
import { channelMethods } from '../../shared/ipc/channels'
import { createHttpTransport, HOST_STOPPED } from '../../renderer/src/transport/http-transport'
import { rawRequest, rpcRequest } from '../support/harness-http'

// POST /rpc/<method> as the page reaches it: the renderer's browser transport against a
// real host in Node (same fetch API, same wire), so the two ends are pinned down together.
// The transport's own handling of answers is in test/renderer/transport/.

describe('the rpc route, through the browser transport', () => {
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
})
