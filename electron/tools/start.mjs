#!/usr/bin/env node
// `npm start`: build, then run the desktop app. Where the Electron binary is not installed
// yet, download it (unless ELECTRON_SKIP_BINARY_DOWNLOAD is set); where that cannot be
// done, say why in one line and run the same app in the browser instead.
//
//   node electron/tools/start.mjs [--skip-build] [--browser] [--demo] [--no-open] [--port N] [--data-dir DIR]
//
// --skip-build and --browser are this script's own; the rest go to the browser host.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findElectronBinary } from './electron-binary.mjs'
import { downloadSwitchedOff, installElectron } from './electron-download.mjs'
import { runBuilt } from './run-built.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const require = createRequire(join(root, 'package.json'))

const argv = process.argv.slice(2)
const skipBuild = argv.includes('--skip-build')
const forceBrowser = argv.includes('--browser')
const hostArgs = argv.filter((a) => a !== '--skip-build' && a !== '--browser')

function binOf(pkg, relative) {
  return join(dirname(require.resolve(`${pkg}/package.json`)), relative)
}

/** Runs a child with our stdio; forwards Ctrl+C/SIGTERM so it can close cleanly. */
function run(command, args, env = process.env) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env })
    const forward = (signal) => child.kill(signal)
    process.on('SIGINT', forward)
    process.on('SIGTERM', forward)
    child.once('error', (e) => {
      console.error(`Could not run ${command}: ${e.message}`)
      resolvePromise(1)
    })
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward)
      process.off('SIGTERM', forward)
      resolvePromise(code ?? (signal ? 1 : 0))
    })
  })
}

/** The binary, downloaded first where it is missing and allowed; else why there is none. */
async function electronBinary() {
  const found = findElectronBinary(root)
  if ('path' in found || forceBrowser) return found
  if (downloadSwitchedOff(process.env))
    return { missing: `${found.missing} and ELECTRON_SKIP_BINARY_DOWNLOAD is set` }
  const installed = await installElectron(root)
  if (!installed.ok) return { missing: installed.reason }
  return findElectronBinary(root)
}

async function main() {
  const electron = await electronBinary()
  if (!skipBuild) {
    const built = await run(process.execPath, [
      binOf('electron-vite', 'bin/electron-vite.js'),
      'build'
    ])
    if (built !== 0) {
      console.error('The build failed: see the messages above.')
      return built
    }
  }
  if ('path' in electron && !forceBrowser) {
    if (hostArgs.length > 0)
      console.log(`(${hostArgs.join(' ')}: browser-host options, not used by the desktop app)`)
    const env = { ...process.env }
    delete env.ELECTRON_RUN_AS_NODE
    return run(electron.path, [root], env)
  }
  if ('missing' in electron) {
    console.log(
      `Electron isn't available here (${electron.missing}); starting Seller Desk in your browser instead.`
    )
  }
  // The built host (out/host/cli.mjs) in this process: no TypeScript to transform and no
  // second Node to start. It handles Ctrl+C/SIGTERM and exits by itself.
  if (await runBuilt('cli', hostArgs)) return null
  console.error('The build failed: see the messages above.')
  return 1
}

main().then(
  (code) => {
    if (code !== null) process.exit(code)
  },
  (e) => {
    console.error(`Seller Desk could not start: ${e instanceof Error ? e.message : String(e)}`)
    process.exit(1)
  }
)
