import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { HOST_NODE_FLAGS } from '../../electron/host/node-flags'

/** How many threads a Node started with `flags` has once it runs its first line. */
function threadsAtStart(flags: readonly string[]): number {
  const out = execFileSync(process.execPath, [
    ...flags,
    '-e',
    "process.stdout.write(String(require('node:fs').readdirSync('/proc/self/task').length))"
  ])
  return Number(out.toString('utf8'))
}

describe("the host's Node options", () => {
  // V8's helper threads are made as Node starts, before any of our code runs; libuv's
  // file threads only on first use, so at the first line the count differs by the pool.
  it.runIf(process.platform === 'linux' && availableParallelism() <= 4)(
    "leave a core to main: fewer V8 helper threads than Node's fixed four",
    () => {
      const fixed = threadsAtStart([])
      const ours = threadsAtStart(HOST_NODE_FLAGS)
      expect(fixed - ours).toBe(4 - Math.max(1, availableParallelism() - 1))
    }
  )
})
