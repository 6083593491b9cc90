import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { KeyedSerial } from '../cache/serial'
import { safeSegment, type StoreLog } from '../cache/versioned-file'
import { sweepTempFiles } from '../storage/atomic-file'
import { appendJsonLine, readJsonLines, rewriteJsonLines } from '../storage/json-lines'
import { localDay } from './days'

/** Bump when a line's shape changes; lines of another format are kept as they are. */
const BALANCE_LOG_FORMAT = 1

const BalanceRecordSchema = z.object({
  at: z.string(),
  cents: z.number().int(),
  currency: z.string().nullable(),
  /** first: the first reading; change: the balance or currency moved; daily: the day's reading. */
  why: z.enum(['first', 'change', 'daily'])
})
export type BalanceRecord = z.infer<typeof BalanceRecordSchema>

const LineSchema = z.object({ v: z.literal(BALANCE_LOG_FORMAT), r: BalanceRecordSchema })

export interface Reading {
  at: Date
  cents: number
  currency: string | null
}

/**
 * Per connection, `<dataDir>/balance/<connection>.jsonl`: the first reading, every change,
 * and one reading a day while nothing changes (so the chart knows the balance held). Ten
 * years of a busy shop stay a few MB. Only amounts, currencies and times: never the key.
 */
export class BalanceLog {
  private readonly dir: string
  private readonly log: StoreLog
  private readonly loaded = new Map<string, BalanceRecord[]>()
  private readonly serial = new KeyedSerial()
  private swept: Promise<unknown> | null = null
  private closed = false
  /** Removed connections: a read that was under way when one went must not bring its file back. */
  private readonly gone = new Set<string>()

  constructor(options: { dataDir: string; log?: StoreLog }) {
    this.dir = join(options.dataDir, 'balance')
    this.log = options.log ?? console
  }

  /** Oldest first, as recorded (a clock set back can make times go backwards). */
  records(connectionId: string): Promise<readonly BalanceRecord[]> {
    return this.serial.run(connectionId, () => this.load(connectionId))
  }

  /**
   * Keeps the reading when it is the first, differs from the last one kept, or is the
   * first of a later local day. Answers the last reading kept before it, and what was kept.
   */
  record(
    connectionId: string,
    reading: Reading
  ): Promise<{ previous: BalanceRecord | null; kept: BalanceRecord | null }> {
    if (this.closed) return Promise.reject(new Error('The balance log is closed.'))
    return this.serial.run(connectionId, async () => {
      if (this.gone.has(connectionId)) return { previous: null, kept: null }
      const records = await this.load(connectionId)
      const previous = records.at(-1) ?? null
      const why = whyKeep(previous, reading)
      if (why === null) return { previous, kept: null }
      const kept: BalanceRecord = {
        at: reading.at.toISOString(),
        cents: reading.cents,
        currency: reading.currency,
        why
      }
      await appendJsonLine(this.fileOf(connectionId), { v: BALANCE_LOG_FORMAT, r: kept })
      records.push(kept)
      return { previous, kept }
    })
  }

  forget(connectionId: string): Promise<void> {
    this.gone.add(connectionId)
    return this.serial.run(connectionId, async () => {
      this.loaded.delete(connectionId)
      await rm(this.fileOf(connectionId), { force: true })
    })
  }

  /** Waits for the appends under way; later ones are refused (the app is quitting). */
  async close(): Promise<void> {
    this.closed = true
    await this.serial.idle()
  }

  private fileOf(connectionId: string): string {
    return join(this.dir, `${safeSegment(connectionId)}.jsonl`)
  }

  private async load(connectionId: string): Promise<BalanceRecord[]> {
    const cached = this.loaded.get(connectionId)
    if (cached) return cached
    await (this.swept ??= sweepTempFiles(this.dir))
    const path = this.fileOf(connectionId)
    let found
    try {
      found = await readJsonLines(path, LineSchema)
    } catch (e) {
      this.log.warn(
        `[balance] cannot read the balance log (${(e as NodeJS.ErrnoException).code ?? 'error'})`
      )
      found = { records: [], kept: [], torn: 0 }
    }
    const records = found.records.map((line) => line.r)
    this.loaded.set(connectionId, records)
    if (found.kept.length > 0)
      this.log.warn(
        `[balance] kept ${found.kept.length} line(s) this version cannot read (a newer format?) as they are`
      )
    if (found.torn > 0) {
      this.log.warn(`[balance] skipped ${found.torn} unreadable line(s) (torn by a crash)`)
      await rewriteJsonLines(
        path,
        found.kept,
        records.map((r) => ({ v: BALANCE_LOG_FORMAT, r }))
      )
    }
    return records
  }
}

function whyKeep(previous: BalanceRecord | null, reading: Reading): BalanceRecord['why'] | null {
  if (!previous) return 'first'
  if (previous.cents !== reading.cents || previous.currency !== reading.currency) return 'change'
  // Only a later day: with the clock set back, "another day" would add a point per read.
  return localDay(reading.at) > localDay(new Date(previous.at)) ? 'daily' : null
}
