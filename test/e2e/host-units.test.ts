import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseHostArgs } from '../../electron/host/cli-args'
import { defaultDataDir } from '../../electron/host/data-dir'
import { openCommand } from '../../electron/host/open-url'
import { RendererNotBuilt, startHostServer } from '../../electron/host/server'
import { bearerToken, newToken, tokenMatches } from '../../electron/host/token'
import { findRendererFile } from '../../electron/main/renderer-files'
import { findElectronBinary } from '../../electron/tools/electron-binary.mjs'

// The browser host's pure pieces: fast, no browser, no server (except the refusal to
// start without a built renderer).

describe('the data folder', () => {
  it('is where Electron keeps userData for "Seller Desk" on each OS', () => {
    expect(defaultDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.config/Seller Desk')
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ana')).toBe(
      '/xdg/Seller Desk'
    )
    expect(defaultDataDir('darwin', {}, '/Users/ana')).toBe(
      '/Users/ana/Library/Application Support/Seller Desk'
    )
    expect(
      defaultDataDir('win32', { APPDATA: 'C:/Users/ana/AppData/Roaming' }, 'C:/Users/ana')
    ).toBe(join('C:/Users/ana/AppData/Roaming', 'Seller Desk'))
  })
})

describe('the command line', () => {
  it('reads every flag and defaults to opening a browser on a random port', () => {
    expect(parseHostArgs([])).toMatchObject({
      demo: false,
      open: true,
      port: 0,
      help: false,
      dataDir: defaultDataDir()
    })
    expect(
      parseHostArgs(['--demo', '--no-open', '--port', '8123', '--data-dir', 'rel/dir'])
    ).toEqual({
      demo: true,
      open: false,
      port: 8123,
      dataDir: join(process.cwd(), 'rel/dir'),
      help: false
    })
  })

  it('refuses unknown flags and bad ports', () => {
    expect(() => parseHostArgs(['--dmeo'])).toThrow()
    expect(() => parseHostArgs(['--port', '70000'])).toThrow(/--port/)
    expect(() => parseHostArgs(['--port', '1.5'])).toThrow(/--port/)
    expect(() => parseHostArgs(['--data-dir', ' '])).toThrow(/--data-dir/)
  })

  it('opens URLs with the system opener, the URL as a single argument', () => {
    const url = 'https://x.example/a?b=1&c=2#d'
    expect(openCommand(url, 'linux')).toEqual(['xdg-open', [url]])
    expect(openCommand(url, 'darwin')).toEqual(['open', [url]])
    expect(openCommand(url, 'win32')).toEqual(['rundll32', ['url.dll,FileProtocolHandler', url]])
  })
})

describe('the token', () => {
  it('is 32 random bytes in base64url, different every launch', () => {
    const a = newToken()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(a, 'base64url')).toHaveLength(32)
    expect(newToken()).not.toBe(a)
  })

  it('matches only itself', () => {
    const t = newToken()
    expect(tokenMatches(t, t)).toBe(true)
    expect(tokenMatches(t, `${t}x`)).toBe(false)
    expect(tokenMatches(t, t.slice(0, -1))).toBe(false)
    expect(tokenMatches(t, '')).toBe(false)
    expect(tokenMatches(t, null)).toBe(false)
    expect(bearerToken(`Bearer ${t}`)).toBe(t)
    expect(bearerToken(`Basic ${t}`)).toBeNull()
    expect(bearerToken(undefined)).toBeNull()
  })
})

describe('static paths', () => {
  it('stay inside the renderer folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sd-renderer-'))
    try {
      await mkdir(join(root, 'assets'))
      await writeFile(join(root, 'index.html'), '<!doctype html>')
      await writeFile(join(root, 'assets', 'index-abc.js'), '')
      const real = await realpath(root)
      expect((await findRendererFile(root, '/'))?.path).toBe(join(real, 'index.html'))
      expect(await findRendererFile(root, '/assets/index-abc.js')).toMatchObject({
        path: join(real, 'assets', 'index-abc.js'),
        contentType: 'text/javascript; charset=utf-8',
        isHtml: false
      })
      for (const bad of [
        '/../x',
        '/assets/../../x',
        '/%2e%2e/x',
        '/a%5c..%5cb',
        '/a%00b',
        '/%E0%A4%A',
        '/./index.html',
        '/assets'
      ]) {
        expect(await findRendererFile(root, bad), bad).toBeNull()
      }
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})

describe('the page policy', () => {
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

describe('finding the Electron binary', () => {
  it('never downloads, and explains what is missing', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'seller-desk-no-electron-'))
    try {
      const found = findElectronBinary(process.cwd(), { ELECTRON_OVERRIDE_DIST_PATH: empty })
      expect(found).toEqual({ missing: expect.stringContaining(`no binary at ${join(empty, '')}`) })
      expect(findElectronBinary(empty)).toEqual({
        missing: 'the electron package is not in node_modules'
      })
    } finally {
      await rm(empty, { recursive: true, force: true })
    }
  })
})
