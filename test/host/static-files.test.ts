import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { startHostServer, type HostServer } from '../../electron/host/server'
import { serveStatic, WHOLE_FILE_BYTES } from '../../electron/host/static-files'
import { rawRequest } from '../support/harness-http'

// A link inside the renderer folder (put there by a build step, an unpacked archive or
// anyone who can write there) must not make the host serve what it points at.

const OUTSIDE_SECRET = 'outside-the-renderer-folder-7d1c'

describe('static files behind links', () => {
  let top: string
  let server: HostServer

  beforeAll(async () => {
    top = await mkdtemp(join(tmpdir(), 'seller-desk-links-'))
    const renderer = join(top, 'renderer')
    const outside = join(top, 'outside')
    await mkdir(join(renderer, 'assets'), { recursive: true })
    await mkdir(outside)
    await writeFile(
      join(renderer, 'index.html'),
      `<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`
    )
    await writeFile(join(renderer, 'assets', 'app.js'), 'console.log(1)')
    await writeFile(join(renderer, 'assets', 'big.bin'), Buffer.alloc(WHOLE_FILE_BYTES + 1, 120))
    await writeFile(join(outside, 'secret.txt'), OUTSIDE_SECRET)
    await symlink(join(outside, 'secret.txt'), join(renderer, 'leak.txt'))
    await symlink(outside, join(renderer, 'assets', 'out'))
    // The folder itself reached through a link is fine: only where files end up counts.
    await symlink(renderer, join(top, 'renderer-link'))
    const app = { handlers: {} as never, media: null }
    server = await startHostServer({ app, rendererDir: join(top, 'renderer-link') })
  })

  afterAll(async () => {
    await server?.close()
    await rm(top, { recursive: true, force: true })
  })

  it('serves files inside the folder, through a linked folder too', async () => {
    const index = await rawRequest({ port: server.port, path: '/' })
    expect(index.status).toBe(200)
    const asset = await rawRequest({ port: server.port, path: '/assets/app.js' })
    expect(asset.status).toBe(200)
    expect(asset.body).toBe('console.log(1)')
  })

  it('refuses a file or folder link that leads outside it', async () => {
    for (const path of ['/leak.txt', '/assets/out/secret.txt']) {
      const answer = await rawRequest({ port: server.port, path })
      expect(answer.status, path).toBe(404)
      expect(answer.body, path).not.toContain(OUTSIDE_SECRET)
    }
  })

  it('sends a small file in one write, and a file past the limit whole as well', async () => {
    const writes: unknown[] = []
    const heads: unknown[] = []
    const res = {
      writeHead: (...args: unknown[]) => (heads.push(args), res),
      write: (chunk: unknown) => (writes.push(chunk), true),
      end: (chunk?: unknown) => (writes.push(chunk ?? null), res),
      destroy: () => res
    }
    const req = { method: 'GET' }
    await serveStatic(
      req as IncomingMessage,
      res as unknown as ServerResponse,
      join(top, 'renderer'),
      '/assets/app.js',
      "default-src 'self'"
    )
    expect(writes).toHaveLength(1)
    expect(Buffer.isBuffer(writes[0]) && writes[0].toString()).toBe('console.log(1)')
    expect(heads).toEqual([[200, expect.objectContaining({ 'Content-Length': '14' })]])

    const big = await rawRequest({ port: server.port, path: '/assets/big.bin' })
    expect(big.status).toBe(200)
    expect(big.body).toBe('x'.repeat(WHOLE_FILE_BYTES + 1))
  })
})
