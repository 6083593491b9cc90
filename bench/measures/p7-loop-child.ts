/**
 * One refresh of the catalogue in a fresh process (spawned by p7-loop.ts), with main's event
 * loop watched the whole time: from the refresh's start, through its answer, the cache write
 * and the media prefetch's pass over the new list, until the app is quiet again. The demo
 * runs in the parent, so its own work (making a 15 MB answer) is not counted here.
 * The key arrives on stdin in place of the keychain. Prints one JSON line.
 */
import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { dispatch } from '../../electron/main/ipc/dispatch'
import { contract } from '../../shared/ipc/contract'
import { FIRST_WINDOW } from '../../shared/item-summary'
import { createBenchAppKeyOnStdin } from '../lib/host'
import { preferSmallHeap } from '../../electron/main/util/small-heap'

const quiet = { warn: () => {}, error: () => {} }
/** After the answer, the background work (cache write, prefetch pass) is watched this long. */
const SETTLE_MS = Number(process.env.P7_SETTLE_MS ?? 4000)

/**
 * CPU time of this process's main thread so far, in ms: Linux's schedstat for the thread
 * (nanoseconds on a core), else the whole process's user + system time (GC helper threads
 * and the I/O pool included, so an upper bound).
 */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'latin1')
    return Number(stat.split(' ')[0]) / 1e6
  } catch {
    const cpu = process.cpuUsage()
    return (cpu.user + cpu.system) / 1000
  }
}

/**
 * The same loop watched by a 5 ms timer that also reads the main thread's CPU time: a
 * late timer whose thread used little CPU meanwhile was waiting for a core (the machine is
 * shared), not held by our work. `cpuHeldMaxMs` is the longest lateness our own main
 * thread's CPU time accounts for (the lesser of the two), the figure to compare on a
 * loaded machine. `late` (with P7_LATE set) lists gaps over 30 ms in hrtime microseconds,
 * to find them in a --cpu-prof profile.
 */
function watchTurns(): { stop(): { cpuHeldMaxMs: number; late: Array<[number, number]> } } {
  const late: Array<[number, number]> = []
  let cpuHeldMaxMs = 0
  let last = process.hrtime.bigint()
  let lastCpu = mainThreadCpuMs()
  const timer = setInterval(() => {
    const now = process.hrtime.bigint()
    const cpu = mainThreadCpuMs()
    const gapMs = Number(now - last) / 1e6 - 5
    cpuHeldMaxMs = Math.max(cpuHeldMaxMs, Math.min(gapMs, cpu - lastCpu))
    if (gapMs > 30) late.push([Number(last / 1000n), Number(now / 1000n)])
    last = now
    lastCpu = cpu
  }, 5)
  return {
    stop() {
      clearInterval(timer)
      return { cpuHeldMaxMs, late }
    }
  }
}

async function main(): Promise<void> {
  preferSmallHeap()
  const [dataDir, connectionId] = process.argv.slice(2)
  if (!dataDir || !connectionId) throw new Error('usage: p7-loop-child <dataDir> <connectionId>')
  const app = await createBenchAppKeyOnStdin(dataDir, connectionId)
  // The launch before the refresh, watched on its own: the first window, then the media
  // folder opened (its index read and checked against the files).
  const launch = monitorEventLoopDelay({ resolution: 5 })
  launch.enable()
  try {
    // The page's first window first, as a launch answers it (warm-start.ts): from the copy
    // kept beside the list, so the list itself is not read yet, as at a seller's launch.
    const first = await dispatch(app.handlers, 'openingWindow', undefined, quiet)
    if (!first.ok) throw new Error(first.error.message)
    // The page's first cards then ask for their thumbnails, which opens the media cache (its
    // index read and checked) before the refresh starts after the first frame.
    const media = await dispatch(app.handlers, 'getCacheInfo', undefined, quiet)
    if (!media.ok) throw new Error(media.error.message)
    await sleep(200)
    launch.disable()
    const delay = monitorEventLoopDelay({ resolution: 5 })
    delay.enable()
    const turns = watchTurns()
    const t0 = performance.now()
    const r = await dispatch(app.handlers, 'queryItems', { ...FIRST_WINDOW, refresh: true }, quiet)
    const answeredMs = performance.now() - t0
    if (!r.ok) throw new Error(r.error.message)
    const answer = contract.queryItems.response.parse(r.data)
    if (answer.freshness.source !== 'network')
      throw new Error(`the refresh answered from the ${answer.freshness.source}`)
    await sleep(SETTLE_MS)
    delay.disable()
    const held = turns.stop()
    const ms = (ns: number): number => ns / 1e6
    process.stdout.write(
      `${JSON.stringify({
        items: answer.data.total,
        answeredMs,
        maxMs: ms(delay.max),
        p99Ms: ms(delay.percentile(99)),
        meanMs: ms(delay.mean),
        cpuHeldMaxMs: held.cpuHeldMaxMs,
        launchMaxMs: ms(launch.max),
        ...(process.env.P7_LATE ? { late: held.late } : {})
      })}\n`
    )
  } finally {
    await app.close()
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e))
  process.exitCode = 1
})
