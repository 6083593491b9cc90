import { spawn } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'
import { z } from 'zod'
import { repoRoot } from '../../electron/host/paths'
import { REACT_CARD_SOURCE } from './floor-pages'
import { epochNow } from './host-child'

// Its own folder: P6's child build empties out/bench, and a --repeat run reuses this one.
const OUT = join(repoRoot, 'out', 'bench-floor')
const CHILD_SOURCE = fileURLToPath(new URL('../measures/floor-server-child.ts', import.meta.url))
const CHILD = join(OUT, 'floor-server-child.mjs')
const REACT_OUT = join(OUT, 'react')
const REACT_ENTRY = '\0floor-react-card'

export interface ReactBundle {
  /** The built script: one file, React and react-dom included. */
  code: Uint8Array
  gzipBytes: number
}

let childBuilt: Promise<void> | null = null
let reactBuilt: Promise<ReactBundle> | null = null

/** The child server bundled as P6's host is (plain ES module, run by plain `node`). */
function buildChild(): Promise<void> {
  return (childBuilt ??= import('../../electron/tools/host-bundle').then((m) =>
    m.buildNodeBundle({ 'floor-server-child': CHILD_SOURCE }, OUT, false)
  ))
}

const reactEntry: Plugin = {
  name: 'floor-react-card',
  resolveId: (id) => (id === REACT_ENTRY ? id : null),
  load: (id) => (id === REACT_ENTRY ? REACT_CARD_SOURCE : null)
}

/** React + react-dom rendering one card, built for the browser as Vite builds the renderer (production, minified). */
export function buildReactCard(): Promise<ReactBundle> {
  return (reactBuilt ??= (async () => {
    const { build } = await import('vite')
    await build({
      configFile: false,
      root: repoRoot,
      logLevel: 'warn',
      mode: 'production',
      plugins: [reactEntry],
      build: {
        outDir: REACT_OUT,
        emptyOutDir: true,
        copyPublicDir: false,
        reportCompressedSize: false,
        modulePreload: false,
        rollupOptions: {
          input: { 'react-card': REACT_ENTRY },
          output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' }
        }
      }
    })
    const files = (await readdir(REACT_OUT)).filter((f) => f.endsWith('.js'))
    if (files.length !== 1 || files[0] !== 'react-card.js')
      throw new Error(`the React card built to ${files.join(', ')}, not one react-card.js`)
    const code = await readFile(join(REACT_OUT, 'react-card.js'))
    return { code, gzipBytes: gzipSync(code, { level: 9 }).length }
  })())
}

const Address = z.object({ url: z.string().startsWith('http://127.0.0.1:') })

export interface FloorChild {
  url: string
  /** epoch ms when spawn was called (before Node started) */
  spawnedAt: number
  /** epoch ms when the child printed its address */
  listeningAt: number
  stop(): Promise<void>
}

/** Plain `node` on the built trivial server; resolves once it printed its address. */
export async function spawnFloorChild(): Promise<FloorChild> {
  await buildChild()
  const spawnedAt = epochNow()
  const child = spawn(process.execPath, [CHILD], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000)
  })
  const lines = createInterface({ input: child.stdout })
  try {
    const line = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve)
      void exited.then(() =>
        reject(new Error(`the floor server exited: ${stderr.trim().split('\n').pop() ?? ''}`))
      )
    })
    const listeningAt = epochNow()
    return { url: Address.parse(JSON.parse(line)).url, spawnedAt, listeningAt, stop }
  } catch (e) {
    await stop()
    throw e
  }
}
