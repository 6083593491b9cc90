import { spawn, type ChildProcess } from 'node:child_process'
import { repoRoot } from '../../electron/host/paths'

export interface Spawned {
  child: ChildProcess
  /** Everything written to stdout and stderr so far. */
  output(): string
  /** Resolves with the first output line matching `pattern`; rejects if the process exits first. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>
  /** Resolves with the exit code when the process ends by itself. */
  exited: Promise<number | null>
  /**
   * SIGTERM to the process itself (it must pass it on), SIGKILL after a grace period,
   * then SIGKILL to the rest of the process group we created. Resolves with the exit code.
   */
  stop(): Promise<number | null>
}

/**
 * Spawns `node <args>` from the repository root (or `cwd`) in its own process group, so stopping it
 * also ends anything it started (tsx runs the script in a child).
 */
export function spawnNode(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = repoRoot
): Spawned {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let text = ''
  const listeners = new Set<() => void>()
  const onData = (chunk: Buffer): void => {
    text += chunk.toString('utf8')
    for (const l of listeners) l()
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  let exitCode: number | null | undefined
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code
      for (const l of listeners) l()
      resolve(code)
    })
  )

  const waitForLine = (pattern: RegExp, timeoutMs = 60_000): Promise<string> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const line = text.split(/\r?\n/).find((l) => pattern.test(l))
        if (line !== undefined) done(() => resolve(line))
        else if (exitCode !== undefined)
          done(() =>
            reject(
              new Error(`The process exited (${exitCode}) before printing ${pattern}:\n${text}`)
            )
          )
      }
      const timer = setTimeout(
        () =>
          done(() =>
            reject(new Error(`No line matching ${pattern} within ${timeoutMs} ms:\n${text}`))
          ),
        timeoutMs
      )
      const done = (settle: () => void): void => {
        clearTimeout(timer)
        listeners.delete(check)
        settle()
      }
      listeners.add(check)
      check()
    })

  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal)
    } catch {
      // Already gone.
    }
  }

  const stop = async (): Promise<number | null> => {
    if (exitCode !== undefined) {
      signalGroup('SIGKILL')
      return exitCode
    }
    child.kill('SIGTERM')
    const killer = setTimeout(() => signalGroup('SIGKILL'), 10_000)
    const code = await exited
    clearTimeout(killer)
    // Anything the process left behind in its group goes too.
    signalGroup('SIGKILL')
    return code
  }

  return { child, output: () => text, waitForLine, exited, stop }
}
