import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs'
import { join, resolve } from 'node:path'
import { FileMatcher } from 'app-builder-lib/out/fileMatcher'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { DebugLogger } from 'builder-util'
import { describe, expect, it } from 'vitest'
import config from '../electron-builder.config'
import pkg from '../package.json'

/**
 * The installer configuration, checked without the Electron binary: loaded and validated by
 * electron-builder's own loader and schema (app-builder-lib, which electron-builder runs),
 * its file patterns run through electron-builder's own matcher, its resources read from disk.
 */

const ROOT = resolve(__dirname, '..')
const CONFIG_FILE = 'electron-builder.config.ts'

function targetsOf(platform: unknown): string[] {
  const target = (platform as { target?: unknown } | null | undefined)?.target
  const list = Array.isArray(target) ? target : target == null ? [] : [target]
  return list.map((t: unknown) => (typeof t === 'string' ? t : (t as { target: string }).target))
}

/** Width, height, bit depth and colour type from a PNG's IHDR chunk. */
function pngHeader(bytes: Buffer): {
  width: number
  height: number
  depth: number
  colourType: number
} {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    depth: bytes[24]!,
    colourType: bytes[25]!
  }
}

describe('electron-builder loads and accepts the configuration', () => {
  it('finds the file the dist scripts name, and validates it against its schema', async () => {
    for (const script of ['dist', 'dist:linux', 'dist:win', 'dist:mac'] as const) {
      expect(pkg.scripts[script]).toContain(`electron-builder --config ${CONFIG_FILE}`)
      expect(pkg.scripts[script].startsWith('npm run build && ')).toBe(true)
    }
    expect(pkg.scripts['dist:linux']).toMatch(/ --linux$/)
    expect(pkg.scripts['dist:win']).toMatch(/ --win$/)
    expect(pkg.scripts['dist:mac']).toMatch(/ --mac$/)

    const loaded = await getConfig(ROOT, CONFIG_FILE, null)
    await expect(validateConfiguration(loaded, new DebugLogger(false))).resolves.toBeUndefined()
    expect(loaded.appId).toBe(config.appId)
    expect(loaded.electronFuses).toEqual(config.electronFuses)
  })

  it('has a schema that would catch a misspelt option (the validation above is not a no-op)', async () => {
    const misspelt = { ...config, asarUnpak: ['**/*.node'] }
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(
      /asarUnpak/
    )
  })
})

describe('identity', () => {
  it('takes the product name and version from package.json and has a reverse-DNS app id', () => {
    expect(config.appId).toBe('app.sellerdesk.desktop')
    expect(config.productName).toBe(pkg.productName)
    expect(config.productName).toBe('Seller Desk')
    // electron-builder reads the version from package.json only; the config must not override it.
    expect(config.extraMetadata).not.toHaveProperty('version')
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(config.directories).toEqual({ output: 'dist', buildResources: 'build' })
  })
})

describe('updates', () => {
  it('points electron-updater at GitHub Releases, which the release workflow drafts', () => {
    // The workflow builds with --publish never; this only writes app-update.yml into the app.
    expect(config.publish).toEqual([
      expect.objectContaining({ provider: 'github', releaseType: 'draft' })
    ])
    expect(pkg.dependencies).toHaveProperty('electron-updater')
  })
})

describe('deep links', () => {
  it('registers sellerdesk:// with the OS at install, the scheme the app parses', async () => {
    const { DEEP_LINK_SCHEME } = await import('../shared/deep-link')
    expect(config.protocols).toEqual([{ name: 'Seller Desk', schemes: [DEEP_LINK_SCHEME] }])
    expect(DEEP_LINK_SCHEME).toBe('sellerdesk')
  })
})

describe('targets per operating system', () => {
  it('Linux: AppImage and deb, the deb depending on libsecret for the keychain', () => {
    expect(targetsOf(config.linux).sort()).toEqual(['AppImage', 'deb'])
    expect(config.deb?.depends).toContain('libsecret-1-0')
    expect(config.linux?.maintainer).toMatch(/<[^@\s]+@[^@\s]+>$/)
    expect(config.linux?.executableName).toBe('seller-desk')
  })

  it('Windows: NSIS', () => {
    expect(targetsOf(config.win)).toEqual(['nsis'])
  })

  it('macOS: dmg, and the zip updates install, with the hardened runtime and the entitlements file', () => {
    expect(targetsOf(config.mac)).toEqual(['dmg', 'zip'])
    expect(config.mac?.hardenedRuntime).toBe(true)
    expect(config.mac?.entitlements).toBe('build/entitlements.mac.plist')
    expect(config.mac?.entitlementsInherit).toBe('build/entitlements.mac.plist')
  })
})

describe('Electron fuses', () => {
  it('closes every way to run the binary as something else, locks the app to its asar, and gives file:// no extra powers', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false
    })
    expect(config.asar).toBe(true)
  })
})

describe('what goes into the app', () => {
  const patterns = config.files as string[]
  const matcher = new FileMatcher(ROOT, ROOT, (s: string) => s, patterns)
  const filter = matcher.createFilter()
  const file = { isDirectory: () => false } as Stats
  const included = (relative: string) => filter(join(ROOT, relative), file)

  it.each([
    'package.json',
    'out/main/index.js',
    'out/main/items-worker.js',
    'out/main/chunks/handlers-abc123.js',
    'out/preload/index.js',
    'out/renderer/index.html',
    'out/renderer/assets/index-Bx12.js',
    'out/renderer/assets/index-Bx12.css',
    'out/main/demo-media/items/101/thumbnail.jpg',
    'out/main/demo-media/items/104/preview.webm',
    'out/main/demo-media/items/105/preview.mp3'
  ])('includes %s', (relative) => {
    expect(included(relative)).toBe(true)
  })

  it.each([
    'out/main/index.js.map',
    'out/renderer/assets/index-Bx12.js.map',
    'out/host/cli.mjs',
    'out/host/demo-server.mjs',
    'out/bench/p6-host-child.mjs',
    'electron/main/app.ts',
    'electron/demo/media/thumbnail.jpg',
    'electron/preload/index.ts',
    'renderer/src/App.tsx',
    'renderer/index.html',
    'shared/model.ts',
    'test/main/app/smoke.test.ts',
    'build/icon.svg',
    'build/icon.png',
    'dist/seller-desk-0.1.0-x86_64.AppImage',
    'README.md',
    'tsconfig.json',
    'electron.vite.config.ts',
    'electron-builder.config.ts',
    'vitest.config.ts',
    'eslint.config.mjs',
    '.env',
    'coverage/index.html'
  ])('leaves out %s', (relative) => {
    expect(included(relative)).toBe(false)
  })

  it('keeps keytar (a native module) outside the asar so it can be loaded', () => {
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining(['**/*.node', 'node_modules/keytar/**'])
    )
  })
})

describe('build resources', () => {
  const build = join(ROOT, 'build')

  it('grants the macOS hardened runtime JIT and nothing else', () => {
    const plist = readFileSync(join(build, 'entitlements.mac.plist'), 'utf8')
    expect(plist.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(plist).toContain('<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"')
    const dict = /<plist version="1.0">\s*<dict>([\s\S]*)<\/dict>\s*<\/plist>\s*$/.exec(plist)?.[1]
    expect(dict).toBeDefined()
    const body = dict!.replace(/<!--[\s\S]*?-->/g, '')
    const pairs = [...body.matchAll(/<key>([^<]+)<\/key>\s*<(true|false)\s*\/>/g)].map((m) => [
      m[1],
      m[2]
    ])
    expect(pairs).toEqual([['com.apple.security.cs.allow-jit', 'true']])
    // Nothing in the dict besides those pairs (no stray keys of another value type).
    expect(body.replace(/<key>[^<]+<\/key>\s*<(true|false)\s*\/>/g, '').trim()).toBe('')
  })

  it('has the source drawing every icon is made from', () => {
    const svg = readFileSync(join(build, 'icon.svg'), 'utf8')
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 1024 1024"/)
    expect(svg).not.toMatch(/<script|<image|xlink:href|href=/i)
  })

  it('has a 1024 px RGBA icon.png', () => {
    expect(pngHeader(readFileSync(join(build, 'icon.png')))).toEqual({
      width: 1024,
      height: 1024,
      depth: 8,
      colourType: 6
    })
  })

  it('has the Linux sizes 16..512 in build/icons, each the size its name says', () => {
    const sizes = [16, 24, 32, 48, 64, 128, 256, 512]
    expect(readdirSync(join(build, 'icons')).sort()).toEqual(
      sizes.map((s) => `${s}x${s}.png`).sort()
    )
    for (const size of sizes) {
      const header = pngHeader(readFileSync(join(build, 'icons', `${size}x${size}.png`)))
      expect(header).toEqual({ width: size, height: size, depth: 8, colourType: 6 })
    }
    expect(config.linux?.icon).toBe('build/icons')
  })

  it('has a multi-size icon.ico up to 256 px', () => {
    const ico = readFileSync(join(build, 'icon.ico'))
    expect(ico.readUInt16LE(0)).toBe(0)
    expect(ico.readUInt16LE(2)).toBe(1)
    const count = ico.readUInt16LE(4)
    const sizes: number[] = []
    for (let i = 0; i < count; i++) {
      const entry = 6 + i * 16
      const width = ico[entry]! || 256
      const height = ico[entry + 1]! || 256
      expect(height).toBe(width)
      const length = ico.readUInt32LE(entry + 8)
      const offset = ico.readUInt32LE(entry + 12)
      expect(offset + length).toBeLessThanOrEqual(ico.length)
      sizes.push(width)
    }
    expect(sizes.sort((a, b) => a - b)).toEqual([16, 24, 32, 48, 64, 128, 256])
    expect(config.win?.icon).toBe('build/icon.ico')
  })

  it('has an icon.icns holding 16 to 1024 px', () => {
    const icns = readFileSync(join(build, 'icon.icns'))
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const types: string[] = []
    for (let at = 8; at < icns.length;) {
      const length = icns.readUInt32BE(at + 4)
      expect(length).toBeGreaterThan(8)
      types.push(icns.subarray(at, at + 4).toString('latin1'))
      at += length
    }
    // 16, 32, 48, 128 (with masks), 256, 512 and 1024 px.
    expect(types).toEqual(
      expect.arrayContaining(['is32', 'il32', 'ih32', 'it32', 'ic08', 'ic09', 'ic10'])
    )
    expect(config.mac?.icon).toBe('build/icon.icns')
  })

  it('stays small enough to commit (< 600 KB)', () => {
    const total = (dir: string): number =>
      readdirSync(dir, { withFileTypes: true }).reduce(
        (sum, e) =>
          sum + (e.isDirectory() ? total(join(dir, e.name)) : statSync(join(dir, e.name)).size),
        0
      )
    expect(total(build)).toBeLessThan(600 * 1024)
  })
})
