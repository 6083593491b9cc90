import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { repoRoot } from '../../electron/host/paths'
import type { BenchContext } from '../lib/context'
import { timing } from '../lib/stats'
import type { Measure, Measured } from '../lib/types'
import { HOST_NODE_FLAGS } from '../../electron/host/node-flags'

const CHILD = fileURLToPath(new URL('./p7-loop-child.ts', import.meta.url))
const ChildOutput = z.object({
  items: z.number().int(),
  answeredMs: z.number(),
  maxMs: z.number(),
  p99Ms: z.number(),
  meanMs: z.number(),
  cpuHeldMaxMs: z.number(),
  launchMaxMs: z.number()
})
type Run = z.infer<typeof ChildOutput>

/** Background work after the answer (cache write, the prefetch's pass) is watched this long. */
const settleMs = (size: number): number => Math.max(4000, Math.round(size / 10))

function child(ctx: BenchContext, args: string[], key: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const proc = execFile(
      process.execPath,
      [
        ...HOST_NODE_FLAGS,
        // --cpu-prof: each run's main thread and parse thread profiled, into that folder.
        ...(ctx.options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${ctx.options.cpuProf}`] : []),
        '--import',
        'tsx',
        CHILD,
        ...args
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, P7_SETTLE_MS: String(settleMs(ctx.options.size)) },
        maxBuffer: 1 << 20
      },
      (error, stdout, stderr) => {
        if (error)
          return reject(
            new Error(`refresh failed: ${stderr.trim().split('\n').pop() ?? error.message}`)
          )
        try {
          resolve(ChildOutput.parse(JSON.parse(stdout.trim())))
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)))
        }
      }
    )
    proc.stdin?.end(`${key}\n`)
  })
}

/**
 * P7: main's event loop across a whole catalogue refresh. Each run is a fresh Node process
 * on the warm profile: it answers the first window from the cache (as a launch does), then
 * refreshes from the demo (in this process) with `perf_hooks.monitorEventLoopDelay` on,
 * from the refresh's start through its answer, the cache write and the media prefetch's
 * pass over the new list. A run's max is the longest the loop was held; its p99 how long
 * the slowest turns were.
 */
export const p7Loop: Measure = {
  id: 'p7',
  title: "Main's event loop during a catalogue refresh",
  async run(ctx) {
    const profile = await ctx.warmProfile()
    const demo = await ctx.demo()
    const runs: Run[] = []
    for (let i = 0, n = ctx.runs(3); i < n; i++) {
      const r = await child(ctx, [profile.dataDir, profile.connectionId], demo.apiKey)
      if (r.items !== ctx.options.size)
        throw new Error(`the refresh listed ${r.items} items, not ${ctx.options.size}`)
      runs.push(r)
    }
    const n = ctx.options.size.toLocaleString('en')
    const out: Measured = { figures: [], ratios: [], notes: [] }
    out.figures.push(
      timing(
        `loop delay max across a refresh of ${n} items (monitorEventLoopDelay)`,
        runs.map((r) => r.maxMs)
      ),
      timing(
        `loop delay p99 across a refresh of ${n} items (monitorEventLoopDelay)`,
        runs.map((r) => r.p99Ms)
      ),
      timing(
        `longest loop delay the process's own CPU time accounts for, ${n} items`,
        runs.map((r) => r.cpuHeldMaxMs)
      ),
      timing(`refresh start -> answer (queryItems, refresh: true), ${n} items`, [
        ...runs.map((r) => r.answeredMs)
      ]),
      timing(
        `loop delay max at launch, before the refresh (first window, media folder opened), ${n} items`,
        runs.map((r) => r.launchMaxMs)
      )
    )
    out.notes.push(
      `P7: each run is a new Node process (tsx) on the warm profile; the demo runs in the bench process, so its own work is not counted. Watched from the refresh's start until ${settleMs(ctx.options.size) / 1000} s after its answer (cache write, the prefetch's pass over the new list). On a shared machine a late timer is often a core given to another process: the third figure takes, turn by turn, the lesser of the lateness and the process's CPU time meanwhile, so it counts only what our own work (or GC) held. The launch figure watches the same process from its app's creation until the refresh starts: the first window answered, the media cache opened (its folder listed, its index read).`
    )
    return out
  }
}
