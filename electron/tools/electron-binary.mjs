import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const PLATFORM_PATHS = {
  darwin: 'Electron.app/Contents/MacOS/Electron',
  mas: 'Electron.app/Contents/MacOS/Electron',
  linux: 'electron',
  freebsd: 'electron',
  openbsd: 'electron',
  win32: 'electron.exe'
}

/**
 * Where the Electron binary is, found the way node_modules/electron/index.js finds it
 * (path.txt under dist/, or ELECTRON_OVERRIDE_DIST_PATH) but without its side effect:
 * `require('electron')` starts a download when the binary is missing.
 *
 * @param {string} root the repository root
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ path: string } | { missing: string }}
 */
export function findElectronBinary(root, env = process.env) {
  const pkgDir = join(root, 'node_modules', 'electron')
  if (!existsSync(join(pkgDir, 'package.json')))
    return { missing: 'the electron package is not in node_modules' }
  const pathFile = join(pkgDir, 'path.txt')
  const relative = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : PLATFORM_PATHS[process.platform]
  if (!relative) return { missing: `Electron has no build for ${process.platform}` }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH
  const dist = override || join(pkgDir, 'dist')
  const binary = join(dist, relative)
  if (existsSync(binary)) return { path: binary }
  return { missing: override ? `no binary at ${binary}` : 'node_modules/electron/dist is missing' }
}
