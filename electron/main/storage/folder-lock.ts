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
  holder: HolderSchema
})
type LockFile = z.infer<typeof LockFileSchema>

/** The data folder is in use by another running Seller Desk. */
export class FolderInUse extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly pid: number
  ) {
    super(runningElsewhereMessage(holder))
    this.name = 'FolderInUse'
  }
}

/** One sentence naming the running instance, for the terminal or a dialog. */
function runningElsewhereMessage(holder: LockHolder): string {
  if (holder.kind === 'desktop')
    return 'Seller Desk is already running as the desktop app on this data folder: use its window, or quit it first.'
  if (holder.address === null)
    return 'Seller Desk is already running in the browser on this data folder (it is still starting): use it, or stop it first.'
  return `Seller Desk is already running at ${holder.address}: open the address it printed in its terminal, or stop it there (Ctrl+C) first.`
}

export interface FolderLock {
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
  const mine: LockFile = {
    pid: process.pid,
    instance: randomUUID(),
    startedAt: new Date().toISOString(),
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
      if (age < youngMs) throw new FolderInUse({ kind: 'browser', address: null }, 0)
    } else if (isAlive(current.pid) && Date.parse(current.startedAt) >= bootTime() - 60_000) {
      throw new FolderInUse(current.holder, current.pid)
    }
    // Its process is gone (or it predates this boot, so the pid is someone else's now).
    await rm(path, { force: true })
  }

  let released = false
  return {
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
