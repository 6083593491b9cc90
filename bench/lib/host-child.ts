import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { repoRoot } from '../../electron/host/paths'
import type { BenchContext, WarmProfile } from './context'
import { HOST_NODE_FLAGS } from '../../electron/host/node-flags'

const CHILD_SOURCE = fileURLToPath(new URL('../measures/p6-host-child.ts', import.meta.url))
// Two folders below the repository, as out/host is: electron/host/paths.ts finds the
// renderer and package.json from where the bundle sits.
const CHILD_DIR = join(repoRoot, 'out', 'bench')
const CHILD = join(CHILD_DIR, 'p6-host-child.mjs')

const Address = z.object({ url: z.string().startsWith('http://127.0.0.1:') })
const Usage = z.object({
  peakRssBytes: z.number(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  externalBytes: z.number()
})
export type HostUsage = z.infer<typeof Usage>

export const epochNow = (): number => performance.timeOrigin + performance.now()

let built: Promise<void> | null = null

/**
 * The child bundled exactly as `npm run build` bundles out/host/cli.mjs (same bundler
 * settings), once per bench process, so a spawned host runs built JavaScript as `npm start` does.
 */
function buildChild(): Promise<void> {
  return (built ??= import('../../electron/tools/host-bundle').then((m) =>
    m.buildNodeBundle({ 'p6-host-child': CHILD_SOURCE }, CHILD_DIR)
  ))
}

export interface HostChild {
  url: string
  /** epoch ms when spawn was called (before Node started) */
  spawnedAt: number
  /** epoch ms when the host printed its address */
  listeningAt: number
  /** The child's memory use now, and its peak RSS since it started. */
  usage(): Promise<HostUsage>
  stop(): Promise<void>
}

/**
 * Plain `node` on the built host with the warm profile (the key on stdin in place of the
 * keychain), as `npm start` and `npm run start:web` run it. With --cpu-prof, Node writes a
 * CPU profile of the whole process when it stops.
 */
export async function spawnHostChild(ctx: BenchContext, profile: WarmProfile): Promise<HostChild> {
  await buildChild()
  const demo = await ctx.demo()
  const prof = ctx.options.cpuProf
  const spawnedAt = epochNow()
  const child = spawn(
    process.execPath,
    [
      ...HOST_NODE_FLAGS,
      ...(prof === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${prof}`]),
      CHILD,
      profile.dataDir,
      profile.connectionId
    ],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] }
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000)
  })
  const lines = createInterface({ input: child.stdout })
  const waiting: Array<(line: string) => void> = []
  lines.on('line', (line) => waiting.shift()?.(line))
  const nextLine = (): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve)
      void exited.then(() =>
        reject(
          new Error(
            `the host process exited (${child.exitCode ?? 'signal'}): ${stderr.trim().split('\n').pop() ?? ''}`
          )
        )
      )
    })
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  try {
    child.stdin.write(`${demo.apiKey}\n`)
    const { url } = Address.parse(JSON.parse(await nextLine()))
    const listeningAt = epochNow()
    return {
      url,
      spawnedAt,
      listeningAt,
      async usage() {
        child.stdin.write('usage\n')
        return Usage.parse(JSON.parse(await nextLine()))
      },
      stop
    }
  } catch (e) {
    await stop()
    throw e
  }
}
