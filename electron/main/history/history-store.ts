import { mkdir, open, rm } from 'node:fs/promises'
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
const DEFAULT_MAX_ENTRIES = 10_000
/**
 * The file's bound in bytes: past it, the newest lines that fit in half of it are kept.
 * With fields bounded (MAX_FIELD), 10,000 entries take about 5 MB.
 */
const MAX_HISTORY_BYTES = 16 * 1024 * 1024
/** What one text field of an entry keeps: an item name or licence longer than this is cut. */
export const MAX_FIELD = 300
/** A line this version cannot read is kept only up to this size (a newer format is never larger). */
const MAX_KEPT_LINE = 64 * 1024

const LineSchema = z.object({ v: z.literal(HISTORY_FORMAT), e: HistoryEntrySchema })

interface LoadedHistory {
  /** Readable entries, oldest first. */
  entries: HistoryEntry[]
  /** Lines this version cannot read, verbatim, oldest first. */
  kept: string[]
  /** Lines in the file, and its size in bytes. */
  lines: number
  bytes: number
  /** The last entries, recorded but not yet appended to the file (their appends are queued). */
  unwritten: number
}

export interface HistoryStoreOptions {
  dataDir: string
  /** Entries kept per connection; older ones go at compaction. */
  maxEntries?: number
  /** The file's bound in bytes (MAX_HISTORY_BYTES). */
  maxBytes?: number
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
  private readonly maxBytes: number
  private readonly log: StoreLog
  /** Oldest first, as in the file. */
  private readonly loaded = new Map<string, LoadedHistory>()
  private swept: Promise<unknown> | null = null
  private readonly serial = new KeyedSerial()
  private closed = false

  constructor(private readonly options: HistoryStoreOptions) {
    this.dir = join(options.dataDir, 'history')
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES)
    this.maxBytes = Math.max(4096, options.maxBytes ?? MAX_HISTORY_BYTES)
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
      const entry = bounded(entryOf(validation, flag))
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
      const line = `${JSON.stringify({ v: HISTORY_FORMAT, e: entry })}\n`
      try {
        await handle.appendFile(line)
        await handle.sync()
      } finally {
        await handle.close()
      }
      state.bytes += Buffer.byteLength(line)
    } catch (e) {
      // Not on disk: not in memory either, so what History shows is what a restart shows.
      const at = state.entries.lastIndexOf(entry)
      if (at >= 0) state.entries.splice(at, 1)
      throw e
    } finally {
      state.unwritten--
    }
    state.lines++
    if (state.lines > this.maxEntries * 1.5 || state.bytes > this.maxBytes)
      await this.compact(connectionId, state)
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
    let bytes = 0
    let cut = false
    try {
      ;({ text, bytes, cut } = await readTail(this.fileOf(connectionId), this.maxBytes))
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
      if (parsed.success) entries.push(bounded(parsed.data.e))
      else if (line.length <= MAX_KEPT_LINE) kept.push(line)
      else torn++
    }
    const state: LoadedHistory = { entries, kept, lines, bytes, unwritten: 0 }
    this.loaded.set(connectionId, state)
    if (kept.length > 0)
      this.log.warn(
        `[history] kept ${kept.length} line(s) this version cannot read (a newer format?) as they are`
      )
    if (cut) {
      this.log.warn(
        `[history] the lookup history was over ${this.maxBytes} bytes; kept its newest checks`
      )
      await this.compact(connectionId, state)
    } else if (torn > 0) {
      this.log.warn(
        `[history] skipped ${torn} unreadable line(s) (torn by a crash) in the lookup history`
      )
      await this.compact(connectionId, state)
    } else if (lines > this.maxEntries * 1.5 || bytes > this.maxBytes) {
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
    // Then the bound in bytes: the newest lines that fit in half of it (so appends have
    // room before the next compaction), the oldest going first, unreadable ones first of all.
    const budget = this.maxBytes / 2
    const lineOf = (e: HistoryEntry): string => `${JSON.stringify({ v: HISTORY_FORMAT, e })}\n`
    let written = state.entries.slice(0, state.entries.length - state.unwritten)
    let lines = written.map(lineOf)
    let total = [...state.kept, ...lines].reduce((n, l) => n + Buffer.byteLength(l) + 1, 0)
    while (total > budget && state.kept.length > 0)
      total -= Buffer.byteLength(state.kept.shift()!) + 1
    let drop = 0
    while (total > budget && drop < lines.length) total -= Buffer.byteLength(lines[drop++]!)
    if (drop > 0) {
      state.entries.splice(0, drop)
      written = written.slice(drop)
      lines = lines.slice(drop)
    }
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    // Lines this version cannot read go first: a newer version wrote them before this one
    // was (re)installed, so they are the older checks.
    const text = state.kept.map((line) => `${line}\n`).join('') + lines.join('')
    await writeFileAtomic(this.fileOf(connectionId), text)
    state.lines = state.kept.length + written.length
    state.bytes = Buffer.byteLength(text)
  }
}

/** An entry with every text field cut to MAX_FIELD: a buyer's 15 MB item name stays out of the file. */
function bounded(entry: HistoryEntry): HistoryEntry {
  const cut = (text: string | null): string | null =>
    text !== null && text.length > MAX_FIELD ? `${text.slice(0, MAX_FIELD - 1)}…` : text
  return {
    ...entry,
    code: cut(entry.code) ?? '',
    message: cut(entry.message),
    license: cut(entry.license),
    itemName: cut(entry.itemName),
    supportedUntil: cut(entry.supportedUntil),
    currency: cut(entry.currency),
    checkedAt: cut(entry.checkedAt) ?? ''
  }
}

/**
 * The file's text, or its last `maxBytes` when it is larger (from the first whole line
 * there): a file too large to read whole still gives its newest checks.
 */
async function readTail(
  path: string,
  maxBytes: number
): Promise<{ text: string; bytes: number; cut: boolean }> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    if (size <= maxBytes) return { text: await handle.readFile('utf8'), bytes: size, cut: false }
    const tail = Buffer.alloc(maxBytes)
    const { bytesRead } = await handle.read(tail, 0, maxBytes, size - maxBytes)
    const text = tail.subarray(0, bytesRead).toString('utf8')
    // The first line is most likely cut in two: it starts after the first line break.
    return { text: text.slice(text.indexOf('\n') + 1), bytes: size, cut: true }
  } finally {
    await handle.close()
  }
}
