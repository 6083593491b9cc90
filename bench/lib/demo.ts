import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { existsSync } from 'node:fs'
import { setPriority } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { demoData, type DemoServer } from '../../electron/demo'
import { repoRoot } from '../../electron/host/paths'
import { getPacer } from '../../electron/main/marketplace/pacer-registry'
import { NotMeasurable } from './types'

/** What the measures use of the demo: its address and key, and the data it serves. */
export type BenchDemo = Pick<DemoServer, 'baseUrl' | 'apiKey' | 'sampleCodes' | 'data'> & {
  /** The demo's process, for the bench's own checks. */
  pid: number
  close(): Promise<void>
}

const DEMO_SERVER = join(repoRoot, 'out/host/demo-server.mjs')
const START_LIMIT_MS = 120_000

/** The lowest priority: a process lowered to it takes a core only when nobody else wants it. */
export const DEMO_NICE = 19

/**
 * `nice` lowers the program and every thread it starts; lowering a Node process after it
 * started would lower its main thread only, on Linux. Elsewhere (Windows) the process is
 * lowered as a whole once it runs.
 */
function spawnLowered(args: string[]): ChildProcess {
  const options: SpawnOptions = { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] }
  if (process.platform === 'win32') {
    const child = spawn(process.execPath, args, options)
    if (child.pid !== undefined) setPriority(child.pid, DEMO_NICE)
    return child
  }
  return spawn('nice', ['-n', String(DEMO_NICE), process.execPath, ...args], options)
}

/** Resolves with the KEY=value lines the demo prints once it listens. */
function announced(child: ChildProcess): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const values = new Map<string, string>()
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000)
    })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the demo marketplace did not start within ${START_LIMIT_MS / 1000} s`))
    }, START_LIMIT_MS)
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      const eq = line.indexOf('=')
      if (eq > 0) values.set(line.slice(0, eq), line.slice(eq + 1))
      if (values.has('SELLER_DESK_BASE_URL') && values.has('SELLER_DESK_API_KEY')) {
        clearTimeout(timer)
        lines.close()
        resolve(values)
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the demo marketplace exited (${code}): ${stderr.trim()}`))
    })
  })
}

/**
 * The spec-mode demo with the bench's catalogue size, standing in for a marketplace on
 * another machine: its own process at the lowest CPU priority, so that serving a refresh
 * (a 100,000-item answer is seconds of CPU) takes a core only when the app and Chromium
 * leave one, as a remote marketplace takes none. The bench holds the same seeded data
 * (`demoData`) for the measures that pick codes or letters from it. Like the app's
 * built-in demo, its origin's pacer is told the demo has no real limit, or every call
 * would be paced as a real install's 60 a minute and the bench would measure waiting.
 */
export async function startSpecDemo(size: number): Promise<BenchDemo> {
  if (!existsSync(DEMO_SERVER))
    throw new NotMeasurable(`the demo server is not built (${DEMO_SERVER}): run "npm run build"`)
  const { data, sampleCodes } = demoData({ mode: 'spec', size })
  const child = spawnLowered([DEMO_SERVER, '--mode', 'spec', '--size', String(size), '--port', '0'])
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  try {
    const values = await announced(child)
    const baseUrl = values.get('SELLER_DESK_BASE_URL')!
    const apiKey = values.get('SELLER_DESK_API_KEY')!
    // The two seeded the same data only if they agree on the key (both derive it from the seed).
    if (apiKey !== data.seller.key)
      throw new Error('the demo process serves other data than the bench holds (its key differs)')
    getPacer(baseUrl, { limit: 6000, windowMs: 60_000 })
    return { baseUrl, apiKey, sampleCodes, data, pid: child.pid!, close }
  } catch (e) {
    await close()
    throw e
  }
}
