import { randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises'
import { uptime } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from './atomic-file'

/**
 * One writer per data folder. The desktop app and the browser host share the folder, and
 * two of them at once would each save settings, caches and history over the other's (a
 * connection added in one is lost when the other saves the theme). The first to start
 * holds `seller-desk.lock` (pid, what is running, its address); a second launch reads it
 * and names the running one instead of starting. A lock whose process is gone (a crash, a
 * kill -9, a reboot) is taken over.
 */

export const LOCK_FILE = 'seller-desk.lock'

const HolderSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('desktop') }),
  /** The browser host's address without its token (the token is not written to disk). */
  z.object({ kind: z.literal('browser'), address: z.string().max(200).nullable() })
])
export type LockHolder = z.infer<typeof HolderSchema>

const LockFileSchema = z.object({
  pid: z.number().int().positive(),
  /** Tells two instances in one process apart (tests run several hosts in one process). */
  instance: z.string().min(1).max(100),
  startedAt: z.string(),
  /** When its process started (epoch ms): a reused pid has another start. Absent in old locks. */
  processStartedAt: z.number().optional(),
  holder: HolderSchema
})
type LockFile = z.infer<typeof LockFileSchema>

/** The data folder is in use by another running Seller Desk. */
export class FolderInUse extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly pid: number,
    readonly lockPath: string
  ) {
    super(
      `${runningElsewhereMessage(holder)} (If no Seller Desk is running, delete ${lockPath} and start again.)`
    )
    this.name = 'FolderInUse'
  }
}

/** The answer header by which a browser host says which lock is its own. */
export const INSTANCE_HEADER = 'x-seller-desk-instance'

/** One sentence naming the running instance, for the terminal or a dialog. */
function runningElsewhereMessage(holder: LockHolder): string {
  if (holder.kind === 'desktop')
    return 'Seller Desk is already running as the desktop app on this data folder: use its window, or quit it first.'
  if (holder.address === null)
    return 'Seller Desk is already running in the browser on this data folder (it is still starting): use it, or stop it first.'
  return `Seller Desk is already running at ${holder.address}: open the address it printed in its terminal, or stop it there (Ctrl+C) first.`
}

export interface FolderLock {
  /** This instance's id, as written in the lock (the browser host sends it in INSTANCE_HEADER). */
  readonly instance: string
  /** Records what is running now (the host's address once it listens). */
  update(holder: LockHolder): Promise<void>
  /** Gives the folder up; only this instance's own lock is removed. Idempotent. */
  release(): Promise<void>
}

export interface FolderLockOptions {
  /** Whether a process runs; `process.kill(pid, 0)` unless given. */
  isAlive?: (pid: number) => boolean
  /** A lock file too new to have been written yet is another launch mid-start, not damage. */
  youngMs?: number
  /** When a running process started (epoch ms), or null where that cannot be read. */
  startTimeOf?: (pid: number) => Promise<number | null>
  /** How long a browser host's address is given to say it is the lock's Seller Desk. */
  probeMs?: number
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: it runs, under another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function readLock(path: string): Promise<LockFile | null> {
  try {
    const parsed = LockFileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

const bootTime = (): number => Date.now() - uptime() * 1000

/**
 * Linux: a process's start from /proc (clock ticks since boot, 100 a second on every
 * mainstream kernel). Elsewhere null: the address check, where there is one, decides.
 */
async function procStartTime(pid: number): Promise<number | null> {
  if (process.platform !== 'linux') return null
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count from its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[19])
    return Number.isFinite(ticks) ? bootTime() + (ticks / 100) * 1000 : null
  } catch {
    return null
  }
}

/** Whether a browser host at `address` answers as the lock's instance; null when it does not answer in time. */
async function answersAs(address: string, instance: string, ms: number): Promise<boolean | null> {
  try {
    const answer = await fetch(address, { method: 'HEAD', signal: AbortSignal.timeout(ms) })
    await answer.body?.cancel().catch(() => undefined)
    return answer.headers.get(INSTANCE_HEADER) === instance
  } catch (e) {
    // Refused or reset: nothing listens there, or something that is not us.
    return (e as Error).name === 'TimeoutError' ? null : false
  }
}

/**
 * Whether the lock's writer still runs: its process is alive, started when the lock says
 * (a pid reused after a crash or a reboot names another program), and, for a browser host
 * with an address, that address says it is that very instance.
 */
async function holderRuns(
  lock: LockFile,
  isAlive: (pid: number) => boolean,
  startTimeOf: (pid: number) => Promise<number | null>,
  probeMs: number
): Promise<boolean> {
  if (!isAlive(lock.pid) || Date.parse(lock.startedAt) < bootTime() - 60_000) return false
  if (lock.processStartedAt !== undefined) {
    const started = await startTimeOf(lock.pid)
    if (started !== null && Math.abs(started - lock.processStartedAt) > 5_000) return false
  }
  if (lock.holder.kind === 'browser' && lock.holder.address !== null) {
    // No answer in time (a busy host) is given the benefit of the doubt.
    return (await answersAs(lock.holder.address, lock.instance, probeMs)) ?? true
  }
  return true
}

/**
 * Takes the data folder for this instance, or throws FolderInUse naming the one that has it.
 * The lock is created with O_EXCL, so of two launches at the same moment only one wins.
 */
export async function lockDataFolder(
  dataDir: string,
  holder: LockHolder,
  options: FolderLockOptions = {}
): Promise<FolderLock> {
  const path = join(dataDir, LOCK_FILE)
  const isAlive = options.isAlive ?? processAlive
  const youngMs = options.youngMs ?? 5_000
  const startTimeOf = options.startTimeOf ?? procStartTime
  const probeMs = options.probeMs ?? 1_500
  const mine: LockFile = {
    pid: process.pid,
    instance: randomUUID(),
    startedAt: new Date().toISOString(),
    processStartedAt: Math.round(Date.now() - process.uptime() * 1000),
    holder
  }
  const contents = (l: LockFile): string => `${JSON.stringify(l)}\n`
  await mkdir(dataDir, { recursive: true, mode: 0o700 })

  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(path, 'wx', 0o600)
      try {
        await handle.writeFile(contents(mine))
        await handle.sync()
      } finally {
        await handle.close()
      }
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw e
    }
    const current = await readLock(path)
    if (current === null) {
      // Empty or half written: another launch between its create and its write, or damage.
      const age = await stat(path).then(
        (s) => Date.now() - s.mtimeMs,
        () => Infinity
      )
      if (age < youngMs) throw new FolderInUse({ kind: 'browser', address: null }, 0, path)
    } else if (await holderRuns(current, isAlive, startTimeOf, probeMs)) {
      throw new FolderInUse(current.holder, current.pid, path)
    }
    // Its process is gone, or its pid or address now belongs to something else.
    await rm(path, { force: true })
  }

  let released = false
  return {
    instance: mine.instance,
    async update(next) {
      if (released) return
      mine.holder = next
      await writeFileAtomic(path, contents(mine))
    },
    async release() {
      if (released) return
      released = true
      const current = await readLock(path)
      if (current?.instance === mine.instance) await rm(path, { force: true })
    }
  }
}
