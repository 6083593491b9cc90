import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { repoRoot } from '../../electron/host/paths'
import {
  downloadSwitchedOff,
  installElectron,
  whyDownloadFailed
} from '../../electron/tools/electron-download.mjs'

// Electron's real downloader (@electron/get) against servers on loopback: never the internet.

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const step of cleanups.reverse()) await step()
  cleanups.length = 0
})

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise((resolve) => server.close(resolve)))
  return (server.address() as AddressInfo).port
}

/** The environment with only our mirror and an empty cache, whatever the caller's npm set. */
async function envWithMirror(mirror: string): Promise<NodeJS.ProcessEnv> {
  const cache = await mkdtemp(join(tmpdir(), 'seller-desk-electron-cache-'))
  cleanups.push(() => rm(cache, { recursive: true, force: true }))
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/electron_(mirror|custom)|ELECTRON_SKIP/i.test(k))
  )
  return { ...env, ELECTRON_MIRROR: mirror, electron_config_cache: cache }
}

function sink(): NodeJS.WriteStream & { text(): string } {
  const stream = new PassThrough()
  let text = ''
  stream.on('data', (c: Buffer) => (text += c.toString()))
  return Object.assign(stream as unknown as NodeJS.WriteStream, { text: () => text })
}

describe('installing Electron for npm start', () => {
  it('reads ELECTRON_SKIP_BINARY_DOWNLOAD as Electron does', () => {
    expect(downloadSwitchedOff({ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' })).toBe(true)
    expect(downloadSwitchedOff({ ELECTRON_SKIP_BINARY_DOWNLOAD: 'true' })).toBe(true)
    expect(downloadSwitchedOff({})).toBe(false)
    expect(downloadSwitchedOff({ ELECTRON_SKIP_BINARY_DOWNLOAD: '' })).toBe(false)
  })

  it('says "blocked" when the download server answers 403, and asked it for this build', async () => {
    const asked: string[] = []
    const server = createServer((req, res) => {
      asked.push(req.url ?? '')
      res.writeHead(403).end('Forbidden by policy')
    })
    const port = await listen(server)
    const out = sink()
    const result = await installElectron(repoRoot, {
      env: await envWithMirror(`http://127.0.0.1:${port}/`),
      out
    })
    expect(result).toEqual({ ok: false, reason: 'blocked: the download server answered 403' })
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatch(new RegExp(`electron-v\\d+\\.\\d+\\.\\d+-${process.platform}-`))
    expect(out.text()).toMatch(/^Downloading Electron \d+\.\d+\.\d+ for \w+-\w+ \(once\)…\n$/)
  })

  it('says "blocked" when the connection is refused, naming the server', async () => {
    // A port that was just free: nothing listens there now.
    const port = await listen(createServer())
    await cleanups.pop()!()
    const result = await installElectron(repoRoot, {
      env: await envWithMirror(`http://127.0.0.1:${port}/`),
      out: sink()
    })
    expect(result).toEqual({
      ok: false,
      reason: `blocked: 127.0.0.1:${port} refused the connection (ECONNREFUSED)`
    })
  })

  it('says "unsupported" for a system Electron has no build for, without asking anyone', async () => {
    const result = await installElectron(repoRoot, {
      env: { ...(await envWithMirror('http://127.0.0.1:9/')), ELECTRON_INSTALL_PLATFORM: 'aix' },
      out: sink()
    })
    expect(result).toEqual({ ok: false, reason: 'unsupported: Electron has no build for aix' })
  })

  it('says "offline" for a name that does not resolve and for a stalled download', () => {
    const dns = new TypeError('fetch failed', {
      cause: Object.assign(new Error('getaddrinfo ENOTFOUND github.com'), {
        code: 'ENOTFOUND',
        hostname: 'github.com'
      })
    })
    expect(whyDownloadFailed(dns)).toBe('offline: github.com cannot be reached')
    expect(whyDownloadFailed({ name: 'AbortError' })).toMatch(/^offline: no data from/)
  })
})
