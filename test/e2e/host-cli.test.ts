import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { HOST_NODE_FLAGS } from '../../electron/host/node-flags'
import { repoRoot } from '../../electron/host/paths'
import { LOCK_FILE } from '../../electron/main/storage/folder-lock'
import { launchChromium } from './harness'
import { rawRequest, rpcRequest } from '../support/harness-http'
import { spawnNode, type Spawned } from '../support/harness-process'

const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
  version: string
  scripts: Record<string, string>
}
// What `npm run start:web` runs, minus npm: plain Node on the built host, no TypeScript at launch.
const START_WEB = pkg.scripts['start:web']!.split(' ')
// What `npm start` runs, minus npm.
const START = pkg.scripts['start']!.split(' ')
const URL_LINE =
  /^Seller Desk: http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}&media=[A-Za-z0-9_-]{43}$/

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const step of cleanups.reverse()) await step()
  cleanups.length = 0
})

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'seller-desk-cli-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

function track(spawned: Spawned): Spawned {
  cleanups.push(() => spawned.stop())
  return spawned
}

const addressOf = (line: string): string => line.slice('Seller Desk: '.length)

describe('npm run start:web (the built host, out/host/cli.mjs)', () => {
  it("is plain node, with the host's options, on built JavaScript", () => {
    expect(START_WEB).toEqual(['node', ...HOST_NODE_FLAGS, 'electron/tools/run-built.mjs', 'cli'])
  })

  it('prints the address, which opens the app (connected to the demo) in Chromium, and stops cleanly on SIGTERM', async () => {
    const dataDir = join(await tempDir(), 'data')
    const cli = track(
      spawnNode([
        ...START_WEB.slice(1),
        '--no-open',
        '--demo',
        '--data-dir',
        dataDir,
        '--port',
        '0'
      ])
    )
    const line = await cli.waitForLine(/^Seller Desk: /)
    expect(line).toMatch(URL_LINE)
    expect(cli.output()).toContain(`Data folder: ${dataDir}`)
    // The address comes as soon as the host listens; the demo's word once the app is made.
    await cli.waitForLine(/^Connected to the built-in demo marketplace\.$/)
    expect((await stat(dataDir)).isDirectory()).toBe(true)

    const browser = await launchChromium()
    cleanups.push(() => browser.close())
    const page = await browser.newPage()
    await page.goto(addressOf(line))
    await expect
      .poll(() => page.getByTestId('app-version').textContent(), { timeout: 15_000 })
      .toContain(pkg.version)
    await browser.close()

    expect(await cli.stop()).toBe(0)
    const port = Number(/:(\d+)\//.exec(line)?.[1])
    await expect(rawRequest({ port, path: '/' })).rejects.toThrow()
  })

  it('listens before it loads the app: the code loaded at start holds no schema and no app', async () => {
    // Every file out/host/cli.mjs imports statically, and theirs: what Node must load and
    // run before the host can listen. The app (createApp, the IPC contract and its schemas)
    // is only imported once it listens (launch.ts), while the browser loads the page.
    const dir = join(repoRoot, 'out/host')
    const seen = new Set<string>()
    const visit = async (file: string): Promise<void> => {
      if (seen.has(file)) return
      seen.add(file)
      const text = await readFile(join(dir, file), 'utf8')
      for (const m of text.matchAll(/^(?:import|export)\b[^;]*?from\s*"\.\/([^"]+)";/gm))
        await visit(m[1]!)
      for (const m of text.matchAll(/^import\s*"\.\/([^"]+)";/gm)) await visit(m[1]!)
    }
    await visit('cli.mjs')
    const loaded = await Promise.all([...seen].map((f) => readFile(join(dir, f), 'utf8')))
    const modules = loaded.flatMap((t) =>
      [...t.matchAll(/^\/\/ ((?:electron|shared)\/\S+\.ts)$/gm)].map((m) => m[1])
    )
    expect(modules).toContain('electron/host/server.ts')
    expect(modules).toContain('electron/main/storage/folder-lock.ts')
    expect(modules).not.toContain('electron/main/app.ts')
    expect(modules).not.toContain('shared/ipc/contract.ts')
    expect(modules).not.toContain('electron/host/rpc-route.ts')
    // The app's code is in the build, loaded by a dynamic import.
    expect(loaded.join('\n')).toMatch(/import\("\.\/host-app-[\w-]+\.mjs"\)/)
  })

  it('finds its own files from where it is, not from the working folder', async () => {
    // A packaged app and a seller's shell start it from anywhere: here, an empty folder.
    const elsewhere = await tempDir()
    const cli = track(
      spawnNode(
        [
          join(repoRoot, 'out/host/cli.mjs'),
          '--no-open',
          '--demo',
          '--data-dir',
          join(elsewhere, 'data'),
          '--port',
          '0'
        ],
        process.env,
        elsewhere
      )
    )
    const line = await cli.waitForLine(/^Seller Desk: /)
    const port = Number(/:(\d+)\//.exec(line)?.[1])
    const token = /#token=([^&]+)/.exec(line)![1]!
    const page = await rawRequest({ port, path: '/' })
    expect(page.body).toContain('<div id="root">')
    const items = JSON.parse((await rpcRequest(port, 'listItems', token, {})).body) as {
      data: { data: { items: { media: { thumbnail: string } }[] } }
    }
    // The demo marketplace serves its media from beside the built files: a real JPEG.
    const thumb = await fetch(items.data.data.items[0]!.media.thumbnail)
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/jpeg')
    expect([...new Uint8Array(await thumb.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff])
    expect(await cli.stop()).toBe(0)
  })

  it('refuses a bad --port with the usage text', async () => {
    const cli = track(spawnNode([...START_WEB.slice(1), '--no-open', '--port', 'eighty']))
    await cli.waitForLine(/^Usage: npm run start:web/)
    expect(cli.output()).toContain('--port must be a number')
    expect(await cli.exited).toBe(2)
  })
})

/** A loopback port nothing listens on: the Electron download is refused there. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('npm start (electron/tools/start.mjs) without the Electron binary', () => {
  it("runs start.mjs in node with the host's options (the browser host runs in that process)", () => {
    expect(START).toEqual(['node', ...HOST_NODE_FLAGS, 'electron/tools/start.mjs'])
  })

  // Never the real internet: either the download is switched off, or its mirror refuses.
  const cases: [string, () => Promise<NodeJS.ProcessEnv>, RegExp][] = [
    [
      'with the download switched off',
      async () => ({ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }),
      /^Electron isn't available here \(no binary at .+ and ELECTRON_SKIP_BINARY_DOWNLOAD is set\); /
    ],
    [
      'when the download fails',
      async () => {
        const port = await closedPort()
        return { ELECTRON_MIRROR: `http://127.0.0.1:${port}/` }
      },
      /^Electron isn't available here \(blocked: 127\.0\.0\.1:\d+ refused the connection \(ECONNREFUSED\)\); /
    ]
  ]
  it.each(cases)(
    '%s, explains why in one line and starts the browser host instead',
    async (_, extra, why) => {
      const dir = await tempDir()
      // An empty dist folder: the binary is "not installed", whatever this machine has; an
      // empty download cache, so nothing is found there either.
      const inherited = Object.fromEntries(
        Object.entries(process.env).filter(
          ([k]) => !/electron_(mirror|custom)|ELECTRON_SKIP/i.test(k)
        )
      )
      const env = {
        ...inherited,
        ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'no-electron'),
        electron_config_cache: join(dir, 'cache'),
        ...(await extra())
      }
      const start = track(
        spawnNode(
          [
            ...START.slice(1),
            '--skip-build',
            '--no-open',
            '--data-dir',
            join(dir, 'data'),
            '--port',
            '0'
          ],
          env
        )
      )
      const line = await start.waitForLine(/^Seller Desk: /)
      expect(line).toMatch(URL_LINE)
      const explanations = start
        .output()
        .split('\n')
        .filter((l) => l.startsWith("Electron isn't available here ("))
      expect(explanations).toHaveLength(1)
      expect(explanations[0]).toMatch(why)
      expect(explanations[0]).toMatch(/\); starting Seller Desk in your browser instead\.$/)

      const base = addressOf(line).replace(/\/#token=.*$/, '')
      const page = await rawRequest({ port: Number(new URL(base).port), path: '/' })
      expect(page.status).toBe(200)
      expect(page.body).toContain('<div id="root">')
      // The built host runs inside start.mjs's own process: one Node start-up, no tsx child.
      const lock = JSON.parse(await readFile(join(dir, 'data', LOCK_FILE), 'utf8')) as {
        pid: number
      }
      expect(lock.pid).toBe(start.child.pid)
      expect(await start.stop()).toBe(0)
    }
  )
})
