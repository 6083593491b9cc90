import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readAppInfo } from '../../electron/host/app-info'
import {
  RendererNotBuilt,
  startHostServer,
  type HostApp,
  type HostServer
} from '../../electron/host/server'
import type { Handlers } from '../../electron/main/ipc/dispatch'
import { rawRequest, rpcRequest } from '../support/harness-http'

// The host refuses to start where it cannot serve: no built page, a port taken.

describe('starting without a built page', () => {
  it('cannot be served without a built renderer: the host refuses to start and says how to fix it', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'seller-desk-unbuilt-'))
    try {
      const app = { handlers: {} as never, media: null }
      await expect(startHostServer({ app, rendererDir: empty })).rejects.toThrow(RendererNotBuilt)
      await expect(startHostServer({ app, rendererDir: empty })).rejects.toThrow(/npm run build/)
    } finally {
      await rm(empty, { recursive: true, force: true })
    }
  })
})

describe('the port', () => {
  it('says so plainly when --port is taken', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seller-desk-port-'))
    const app = { handlers: {} as never, media: null }
    const html = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`
    await writeFile(join(dir, 'index.html'), html)
    const first = await startHostServer({ app, rendererDir: dir })
    try {
      await expect(startHostServer({ app, rendererDir: dir, port: first.port })).rejects.toThrow(
        `Port ${first.port} is already in use`
      )
    } finally {
      await first.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('listening before the app is ready', () => {
  /** A host whose app is still being made: `give` hands it the app, or the failure. */
  async function pendingHost(): Promise<{
    server: HostServer
    give(app: Promise<HostApp>): void
    stop(): Promise<void>
  }> {
    const dir = await mkdtemp(join(tmpdir(), 'seller-desk-early-'))
    await writeFile(
      join(dir, 'index.html'),
      `<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`
    )
    let give!: (app: Promise<HostApp>) => void
    const server = await startHostServer({
      // Called as the server begins to listen.
      app: () =>
        new Promise<HostApp>((resolve) => {
          give = resolve
        }),
      rendererDir: dir
    })
    return {
      server,
      give,
      stop: () => server.close().finally(() => rm(dir, { recursive: true, force: true }))
    }
  }

  it('serves the page at once, and answers a call made meanwhile once the app is there', async () => {
    const { server, give, stop } = await pendingHost()
    try {
      expect((await rawRequest({ port: server.port, path: '/' })).status).toBe(200)
      let answered = false
      const asked = rpcRequest(server.port, 'getAppInfo', server.token, undefined).then((r) => {
        answered = true
        return r
      })
      // A whole round trip for the page while the call waits: the server is not held by it.
      expect((await rawRequest({ port: server.port, path: '/' })).status).toBe(200)
      expect(answered).toBe(false)
      const handlers = { getAppInfo: () => Promise.resolve(readAppInfo()) } as unknown as Handlers
      give(Promise.resolve({ handlers, media: null as never }))
      const answer = await asked
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body)).toEqual({ ok: true, data: readAppInfo() })
    } finally {
      await stop()
    }
  })

  it('says the app could not start on every call when making it failed, and still serves the page', async () => {
    const { server, give, stop } = await pendingHost()
    try {
      const asked = rpcRequest(server.port, 'getAppInfo', server.token, undefined)
      give(Promise.reject(new Error('the data folder could not be read')))
      const answer = await asked
      expect(answer.status).toBe(503)
      expect(JSON.parse(answer.body)).toEqual({
        ok: false,
        error: { kind: 'internal', message: expect.stringMatching(/could not start/) as string }
      })
      const media = await rawRequest({ port: server.port, path: `/media?t=${server.mediaToken}` })
      expect(media.status).toBe(503)
      expect((await rawRequest({ port: server.port, path: '/' })).status).toBe(200)
    } finally {
      await stop()
    }
  })
})
