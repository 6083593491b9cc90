import { mkdir, open, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { HistoryEntry, Validation } from '../../../shared/ipc/contract'
import { HistoryEntrySchema } from '../../../shared/ipc/contract'
import { sweepTempFiles, writeFileAtomic } from '../storage/atomic-file'
import { KeyedSerial } from '../cache/serial'
import { safeSegment, type StoreLog } from '../cache/versioned-file'
import { csvFilename, historyCsv } from './csv'
import { entryOf } from '../../../shared/verdict'
import { historyMatcher } from './query'
import { normaliseCode } from '../../../shared/purchase-code'

/**
 * Bump when a line's shape changes. Lines this version cannot read (a newer format, a value
 * it does not know) are kept as they are, for the version that wrote them; only torn lines
 * (not JSON, a crash mid-append) are dropped.
 */
export const HISTORY_FORMAT = 1
export const DEFAULT_MAX_ENTRIES = 10_000

const LineSchema = z.object({ v: z.literal(HISTORY_FORMAT), e: HistoryEntrySchema })

interface LoadedHistory {
  /** Readable entries, oldest first. */
  entries: HistoryEntry[]
  /** Lines this version cannot read, verbatim, oldest first. */
  kept: string[]
  /** Lines in the file. */
  lines: number
  /** The last entries, recorded but not yet appended to the file (their appends are queued). */
  unwritten: number
}

export interface HistoryStoreOptions {
  dataDir: string
  /** Entries kept per connection; older ones go at compaction. */
  maxEntries?: number
  log?: StoreLog
  now?: () => Date
}

/** A check being recorded: see HistoryStore.record. */
export interface Recording {
  annotated: Promise<Validation>
  written: Promise<void>
}

export interface HistoryQuery {
  query?: string
  limit?: number
}

/**
 * Every validation, per connection, in a JSON-lines file under `<dataDir>/history/`:
 * one append (fsynced) per check. A torn last line after a crash is skipped on load; the
 * file is rewritten atomically (compaction) when it grows past 1.5 times the bound or
 * when bad lines were found. Entries hold the code and the verdict, never the key.
 */
export class HistoryStore {
  private readonly dir: string
  private readonly maxEntries: number
  private readonly log: StoreLog
  /** Oldest first, as in the file. */
  private readonly loaded = new Map<string, LoadedHistory>()
  private swept: Promise<unknown> | null = null
  private readonly serial = new KeyedSerial()
  private closed = false

  constructor(private readonly options: HistoryStoreOptions) {
    this.dir = join(options.dataDir, 'history')
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES)
    this.log = options.log ?? console
  }

  /**
   * Records a check. `annotated` resolves as soon as the code's earlier checks are known,
   * with the validation annotated from them (previous verdict, "was valid" flag), so the
   * seller need not wait for the disk; it rejects only if history cannot be read.
   * `written` resolves once the fsynced append is done. The append is queued per
   * connection, so every later read of its history sees it, and close() waits for it.
   */
  record(connectionId: string, validation: Validation): Recording {
    if (this.closed) {
      const closed = Promise.reject(new Error('The lookup history is closed.'))
      closed.catch(() => {})
      return { annotated: closed, written: closed }
    }
    const loaded = this.loaded.get(connectionId)
    const step = (
      loaded
        ? Promise.resolve(loaded)
        : this.serial.run(connectionId, () => this.load(connectionId))
    ).then((state) => {
      // In memory at once, so the next check of this code is annotated from this one
      // without waiting for the disk.
      const before = this.latestFor(state.entries, validation.code)
      const flag = before?.valid && !validation.valid ? 'was-valid' : null
      const entry = entryOf(validation, flag)
      state.entries.push(entry)
      state.unwritten++
      const write = this.serial.run(connectionId, () => this.append(connectionId, state, entry))
      const annotated: Validation = {
        ...validation,
        ...(before ? { previous: { valid: before.valid, checkedAt: before.checkedAt } } : {}),
        ...(flag ? { flag } : {})
      }
      return { annotated, write }
    })
    const recording = {
      annotated: step.then((s) => s.annotated),
      written: step.then((s) => s.write)
    }
    // Handled here as well: a caller may wait for only one of the two.
    recording.annotated.catch(() => {})
    recording.written.catch(() => {})
    return recording
  }

  private async append(
    connectionId: string,
    state: LoadedHistory,
    entry: HistoryEntry
  ): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 })
      const handle = await open(this.fileOf(connectionId), 'a', 0o600)
      try {
        await handle.appendFile(`${JSON.stringify({ v: HISTORY_FORMAT, e: entry })}\n`)
        await handle.sync()
      } finally {
        await handle.close()
      }
    } catch (e) {
      // Not on disk: not in memory either, so what History shows is what a restart shows.
      const at = state.entries.lastIndexOf(entry)
      if (at >= 0) state.entries.splice(at, 1)
      throw e
    } finally {
      state.unwritten--
    }
    state.lines++
    if (state.lines > this.maxEntries * 1.5) await this.compact(connectionId, state)
  }

  /** The latest check of a code, if any ("checked before: 2 days ago, valid"). */
  async previousFor(connectionId: string, code: string): Promise<HistoryEntry | null> {
    const state = await this.serial.run(connectionId, () => this.load(connectionId))
    return this.latestFor(state.entries, normaliseCode(code))
  }

  /** Newest first; `query` matches a verdict word, or part of a code, item name or message. */
  async list(
    connectionId: string,
    request: HistoryQuery = {}
  ): Promise<{ entries: HistoryEntry[]; total: number }> {
    const state = await this.serial.run(connectionId, () => this.load(connectionId))
    const matches = historyMatcher(request.query ?? '', this.now())
    const all: HistoryEntry[] = []
    for (let i = state.entries.length - 1; i >= 0; i--) {
      const e = state.entries[i]!
      if (matches(e)) all.push(e)
    }
    return { entries: all.slice(0, request.limit ?? all.length), total: all.length }
  }

  async exportCsv(connectionId: string): Promise<{ filename: string; csv: string }> {
    const { entries } = await this.list(connectionId)
    const now = this.now()
    return { filename: csvFilename('history', now), csv: historyCsv(entries, now) }
  }

  /** Waits for the appends under way; later ones are refused (the app is quitting). */
  async close(): Promise<void> {
    this.closed = true
    await this.serial.idle()
  }

  forget(connectionId: string): Promise<void> {
    return this.serial.run(connectionId, async () => {
      this.loaded.delete(connectionId)
      await rm(this.fileOf(connectionId), { force: true })
    })
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))()
  }

  private latestFor(entries: HistoryEntry[], code: string): HistoryEntry | null {
    for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.code === code) return entries[i]!
    return null
  }

  private fileOf(connectionId: string): string {
    return join(this.dir, `${safeSegment(connectionId)}.jsonl`)
  }

  private async load(connectionId: string): Promise<LoadedHistory> {
    const cached = this.loaded.get(connectionId)
    if (cached) return cached
    // Temp files of a compaction killed mid-write.
    await (this.swept ??= sweepTempFiles(this.dir))
    let text = ''
    try {
      text = await readFile(this.fileOf(connectionId), 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.log.warn(
          `[history] cannot read the lookup history (${(e as NodeJS.ErrnoException).code ?? 'error'})`
        )
      }
    }
    const entries: HistoryEntry[] = []
    const kept: string[] = []
    let torn = 0
    let lines = 0
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue
      lines++
      let json: unknown
      try {
        json = JSON.parse(line)
      } catch {
        torn++
        continue
      }
      const parsed = LineSchema.safeParse(json)
      if (parsed.success) entries.push(parsed.data.e)
      else kept.push(line)
    }
    const state: LoadedHistory = { entries, kept, lines, unwritten: 0 }
    this.loaded.set(connectionId, state)
    if (kept.length > 0)
      this.log.warn(
        `[history] kept ${kept.length} line(s) this version cannot read (a newer format?) as they are`
      )
    if (torn > 0) {
      this.log.warn(
        `[history] skipped ${torn} unreadable line(s) (torn by a crash) in the lookup history`
      )
      await this.compact(connectionId, state)
    } else if (lines > this.maxEntries * 1.5) {
      await this.compact(connectionId, state)
    }
    return state
  }

  private async compact(connectionId: string, state: LoadedHistory): Promise<void> {
    // Entries whose appends are still queued are not rewritten here: they append after.
    const onDisk = state.entries.length - state.unwritten
    // The bound counts every line; the oldest go first (unreadable lines are the oldest).
    const over = Math.max(0, state.kept.length + onDisk - this.maxEntries)
    const fromKept = Math.min(over, state.kept.length)
    state.kept.splice(0, fromKept)
    state.entries.splice(0, over - fromKept)
    const written = state.entries.slice(0, state.entries.length - state.unwritten)
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    // Lines this version cannot read go first: a newer version wrote them before this one
    // was (re)installed, so they are the older checks.
    await writeFileAtomic(
      this.fileOf(connectionId),
      state.kept.map((line) => `${line}\n`).join('') +
        written.map((e) => `${JSON.stringify({ v: HISTORY_FORMAT, e })}\n`).join('')
    )
    state.lines = state.kept.length + written.length
  }
}
