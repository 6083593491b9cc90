import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

// No byte for this long and the download is given up: a blocked network often swallows
// the connection instead of refusing it, and `npm start` must not hang on it.
const STALL_MS = 30_000

/**
 * Whether the seller (or CI) switched Electron's download off, the way Electron's own
 * installer reads it.
 *
 * @param {NodeJS.ProcessEnv} env
 */
export function downloadSwitchedOff(env) {
  const value = env.ELECTRON_SKIP_BINARY_DOWNLOAD
  return value !== undefined && value !== '' && value !== '0' && value !== 'false'
}

const OFFLINE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])
const BLOCKED_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE'])

/** The first `code` down an error's cause chain (fetch wraps the socket's error). */
function codeOf(error) {
  for (let e = error, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (typeof e.code === 'string') return { code: e.code, detail: e }
  }
  return { code: undefined, detail: undefined }
}

function serverOf(detail) {
  if (!detail) return 'the download server'
  if (typeof detail.hostname === 'string') return detail.hostname
  if (typeof detail.address === 'string')
    return detail.port ? `${detail.address}:${detail.port}` : detail.address
  return 'the download server'
}

/**
 * One short reason for a failed Electron download, for the line `npm start` prints:
 * offline, blocked (refused, reset, a proxy's certificate, 401/403/407), or a build the
 * server does not have. Reads the error's structure (status, socket codes), not its text.
 *
 * @param {unknown} error
 * @returns {string}
 */
export function whyDownloadFailed(error) {
  const e = /** @type {{ name?: string, message?: string, response?: { status?: number } }} */ (
    error ?? {}
  )
  const status = e.response?.status
  if (typeof status === 'number') {
    if (status === 401 || status === 403 || status === 407)
      return `blocked: the download server answered ${status}`
    if (status === 404) return 'the download server has no such build (404)'
    return `the download server answered ${status}`
  }
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return `offline: no data from the download server for ${STALL_MS / 1000} s`
  const { code, detail } = codeOf(error)
  if (code && OFFLINE_CODES.has(code)) return `offline: ${serverOf(detail)} cannot be reached`
  if (code && BLOCKED_CODES.has(code))
    return `blocked: ${serverOf(detail)} refused the connection (${code})`
  if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
    return `blocked: the download server's certificate was not trusted (${code}), often a proxy`
  if (e.message && /checksum/i.test(e.message))
    return 'the download was damaged (checksum mismatch)'
  return `the download failed: ${e.message ?? String(error)}`.split('\n')[0]
}

const MB = 1024 * 1024

/**
 * Prints the download's progress: one line rewritten in a terminal, else a line per tenth.
 *
 * @param {NodeJS.WriteStream} out
 */
function progressPrinter(out) {
  let lastTenth = -1
  return ({ percent, total }) => {
    const size = total ? ` of ${Math.round(total / MB)} MB` : ''
    const shown = `${Math.floor(percent * 100)}%${size}`
    if (out.isTTY) out.write(`\r  ${shown}   `)
    else if (Math.floor(percent * 10) > lastTenth) {
      lastTenth = Math.floor(percent * 10)
      out.write(`  ${shown}\n`)
    }
    if (percent >= 1 && out.isTTY) out.write('\n')
  }
}

function runInstaller(installJs, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [installJs], { stdio: 'inherit', env })
    child.once('error', () => resolve(1))
    child.once('exit', (code) => resolve(code ?? 1))
  })
}

/**
 * Downloads and installs the Electron binary the electron package wants, as its own
 * installer would (Electron 45 has no install script; `require('electron')` downloads on
 * first use, which `npm start` avoids). The archive is fetched here through Electron's own
 * @electron/get, with the same cache, mirror variables and checksums, so that the seller
 * sees its progress and a failure has a reason; then node_modules/electron/install.js
 * unpacks it from that cache.
 *
 * @param {string} root the repository root
 * @param {{ env?: NodeJS.ProcessEnv, out?: NodeJS.WriteStream }} [options]
 * @returns {Promise<{ ok: true } | { ok: false, reason: string }>}
 */
export async function installElectron(root, options = {}) {
  const env = options.env ?? process.env
  const out = options.out ?? process.stdout
  const pkgDir = join(root, 'node_modules', 'electron')
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))
  const platform = env.ELECTRON_INSTALL_PLATFORM || process.platform
  const arch = env.ELECTRON_INSTALL_ARCH || process.arch
  if (!['darwin', 'mas', 'linux', 'freebsd', 'openbsd', 'win32'].includes(platform))
    return { ok: false, reason: `unsupported: Electron has no build for ${platform}` }

  const require = createRequire(join(pkgDir, 'package.json'))
  const controller = new AbortController()
  let stall = setTimeout(() => controller.abort(), STALL_MS)
  const showProgress = progressPrinter(out)
  out.write(`Downloading Electron ${version} for ${platform}-${arch} (once)…\n`)
  try {
    const get = await import(pathToFileURL(require.resolve('@electron/get')).href)
    await get.downloadArtifact({
      version,
      artifactName: 'electron',
      platform,
      arch,
      cacheRoot: env.electron_config_cache,
      checksums: require('./checksums.json'),
      mirrorOptions: { mirror: env.ELECTRON_MIRROR },
      downloadOptions: {
        quiet: true,
        signal: controller.signal,
        getProgressCallback: (progress) => {
          clearTimeout(stall)
          stall = setTimeout(() => controller.abort(), STALL_MS)
          showProgress(progress)
        }
      }
    })
  } catch (error) {
    return {
      ok: false,
      reason: whyDownloadFailed(controller.signal.aborted ? { name: 'AbortError' } : error)
    }
  } finally {
    clearTimeout(stall)
  }
  // In the cache now: Electron's installer unpacks it and writes path.txt.
  const code = await runInstaller(join(pkgDir, 'install.js'), env)
  if (code !== 0)
    return { ok: false, reason: `Electron's installer could not unpack it (exit ${code})` }
  return { ok: true }
}
