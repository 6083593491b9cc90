#!/usr/bin/env node
// `npm run start:web` and `npm run demo-server`: run a Node program the build put in
// out/host (electron/tools/host-bundle.ts), building first only when there is none, so
// nothing transforms TypeScript at launch. After source changes, `npm run build` (or
// `npm start`, which always builds) brings out/host up to date.
//
//   node electron/tools/run-built.mjs <cli|demo-server> [program options]
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** out/host/<name>.mjs, built now if it is missing; null when that build failed. */
function builtProgram(name) {
  const file = join(root, 'out', 'host', `${name}.mjs`)
  if (existsSync(file)) return file
  // stderr: the demo-server's stdout is for the KEY=value lines scripts read.
  console.error('Seller Desk is not built yet: building it first (npm run build)…')
  const require = createRequire(join(root, 'package.json'))
  const bin = join(dirname(require.resolve('electron-vite/package.json')), 'bin/electron-vite.js')
  const built = spawnSync(process.execPath, [bin, 'build'], { cwd: root, stdio: 'inherit' })
  return built.status === 0 && existsSync(file) ? file : null
}

/**
 * Runs the program in this process, as if Node had been started on it with `args` (it reads
 * process.argv), so a launch pays for one Node start-up, not two. Resolves once the program
 * has started; it then runs until it exits by itself. Returns false when it could not be built.
 *
 * @param {string} name
 * @param {string[]} args
 * @returns {Promise<boolean>}
 */
export async function runBuilt(name, args) {
  const file = builtProgram(name)
  if (file === null) return false
  process.argv = [process.argv[0] ?? process.execPath, file, ...args]
  await import(pathToFileURL(file).href)
  return true
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [name, ...args] = process.argv.slice(2)
  if (name !== 'cli' && name !== 'demo-server') {
    console.error('usage: node electron/tools/run-built.mjs <cli|demo-server> [options]')
    process.exit(2)
  }
  if (!(await runBuilt(name, args))) {
    console.error('The build failed: see the messages above.')
    process.exit(1)
  }
}
