import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DebUpdater } from 'electron-updater'
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor'
import { startAutoUpdate } from '../../../electron/main/glue/updater'
import type { UpdatePolicy, UpdateState } from '../../../electron/main/updates/policy'

// The real electron-updater (its generic provider, its download and sha512 check) against an
// update feed this test serves on loopback: latest-linux.yml and the .deb it names. Electron
// is the faked module: its net.request is Node's http.request here, as electron-updater only
// uses the ClientRequest/IncomingMessage surface both share.

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

// electron-updater is a CommonJS package loaded by Node itself, not by Vite: it gets the
// faked module through Node's require cache, with net and session added for it.
const nodeRequire = createRequire(require.resolve('electron-updater'))
const electronPath = nodeRequire.resolve('electron')
Object.assign(fake.module, {
  session: { ...(fake.module['session'] as object), fromPartition: () => ({}) },
  net: {
    request: (options: Record<string, unknown>) => {
      const { session: _session, redirect: _redirect, ...rest } = options
      void _session
      void _redirect
      return request(rest)
    }
  }
})
const cache = nodeRequire.cache as Record<string, NodeJS.Module | undefined>
let savedCache: NodeJS.Module | undefined
beforeEach(() => {
  savedCache = cache[electronPath]
  cache[electronPath] = { exports: fake.module, loaded: true } as unknown as NodeJS.Module
})

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  cache[electronPath] = savedCache
  for (const step of cleanups.reverse()) await step()
  cleanups.length = 0
})

const PACKAGE = Buffer.from('!<arch>\nSeller Desk 9.9.9 as a stand-in .deb\n'.repeat(500))
const sha512 = (b: Buffer): string => createHash('sha512').update(b).digest('base64')

/** A generic-provider feed announcing 9.9.9, whose .deb matches `announcedSha512` or not. */
async function serveFeed(announcedSha512: string): Promise<{ url: string; asked: string[] }> {
  const asked: string[] = []
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname
    asked.push(path)
    if (path.endsWith('.yml')) {
      res.setHeader('Content-Type', 'text/yaml')
      res.end(
        [
          'version: 9.9.9',
          'files:',
          '  - url: seller-desk-9.9.9-amd64.deb',
          `    sha512: ${announcedSha512}`,
          `    size: ${PACKAGE.length}`,
          'path: seller-desk-9.9.9-amd64.deb',
          `sha512: ${announcedSha512}`,
          "releaseDate: '2026-12-01T10:00:00.000Z'",
          ''
        ].join('\n')
      )
    } else if (path === '/seller-desk-9.9.9-amd64.deb') {
      res.setHeader('Content-Length', PACKAGE.length)
      res.end(PACKAGE)
    } else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise((resolve) => server.close(resolve)))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, asked }
}

/** An installed Seller Desk 0.1.0 whose app-update.yml points at the feed. */
async function installedApp(feed: string): Promise<DebUpdater> {
  const dir = await mkdtemp(join(tmpdir(), 'seller-desk-updater-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  const config = join(dir, 'app-update.yml')
  await writeFile(
    config,
    `provider: generic\nurl: ${feed}\nupdaterCacheDirName: seller-desk-updater\n`
  )
  const updater = new DebUpdater(undefined, {
    version: '0.1.0',
    name: 'Seller Desk',
    isPackaged: true,
    appUpdateConfigPath: config,
    userDataPath: join(dir, 'data'),
    baseCachePath: join(dir, 'cache'),
    whenReady: async () => undefined,
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined
  })
  // Given an app adapter, the updater leaves the HTTP executor to the caller: Electron's
  // own (net.request), the one the app uses, which the faked module serves here.
  Object.assign(updater, { httpExecutor: new ElectronHttpExecutor() })
  return updater
}

async function run(updater: DebUpdater, until: (s: UpdateState) => boolean) {
  const states: UpdateState[] = []
  const lines: string[] = []
  let policy: UpdatePolicy | null = null
  const settled = new Promise<void>((resolve) => {
    policy = startAutoUpdate({
      updater,
      settings: { autoDownload: true, beta: false },
      bulkBusy: () => false,
      onState: (s) => {
        states.push(s)
        if (until(s)) resolve()
      },
      log: { info: () => undefined, warn: (m) => lines.push(m), error: (m) => lines.push(m) }
    })
  })
  cleanups.push(async () => policy?.stop())
  await settled
  return { states, lines, policy: policy! }
}

describe('automatic updates through electron-updater', () => {
  it('finds 9.9.9 on the feed, downloads it, checks its sha512, and offers the restart', async () => {
    const feed = await serveFeed(sha512(PACKAGE))
    const updater = await installedApp(feed.url)
    const { states, policy } = await run(updater, (s) => s.kind === 'ready' || s.kind === 'failed')
    expect(states.at(-1)).toEqual({
      kind: 'ready',
      version: '9.9.9',
      notesUrl: expect.stringMatching(/\/releases\/tag\/v9\.9\.9$/)
    })
    expect(states.map((s) => s.kind)).toContain('downloading')
    expect(feed.asked).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/latest-linux.*\.yml/),
        '/seller-desk-9.9.9-amd64.deb'
      ])
    )
    // What electron-updater will install is the file it downloaded, byte for byte.
    const installer = (updater as unknown as { installerPath: string | null }).installerPath
    expect(installer).not.toBeNull()
    expect(await readFile(installer!)).toEqual(PACKAGE)
    expect(policy.state().kind).toBe('ready')
  })

  it('refuses a file whose sha512 does not match, says why in one line, and keeps running', async () => {
    const feed = await serveFeed(sha512(Buffer.from('some other file')))
    const updater = await installedApp(feed.url)
    const { states, lines } = await run(updater, (s) => s.kind === 'ready' || s.kind === 'failed')
    const last = states.at(-1)!
    expect(last.kind).toBe('failed')
    expect(last.kind === 'failed' && last.message).toMatch(
      /^The update could not be installed \(sha512 checksum mismatch[^\n]*\); Seller Desk keeps running this version\.$/
    )
    expect(states.some((s) => s.kind === 'ready')).toBe(false)
    expect(lines.some((l) => l.includes('sha512 checksum mismatch'))).toBe(true)
  })
})
