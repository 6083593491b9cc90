import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RendererNotBuilt, startHostServer } from '../../electron/host/server'

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
