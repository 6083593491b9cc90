import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { scrubLine } from './scrub-line'

export const LOG_FILE = 'main.log'
const LOG_MAX_BYTES = 1024 * 1024
/** main.log plus main.1.log … main.3.log: a few MB at most, days of a seller's use. */
const LOG_KEEP = 3
const RECENT_ERRORS = 20

export interface AppLog {
  info(message: string): void
  warn(message: string): void
  error(message: string, detail?: unknown): void
  /** The last few warnings and errors, scrubbed, newest last (for Copy diagnostics). */
  recentErrors(): string[]
  readonly dir: string
}

export interface RotatingLogOptions {
  /** The data folder's logs/ folder. */
  dir: string
  /** Every key main has held so far: masked in every line. */
  keys: () => Iterable<string>
  now?: () => Date
  maxBytes?: number
  keep?: number
}

function describe(detail: unknown): string {
  if (detail === undefined) return ''
  if (detail instanceof Error) return ` ${detail.stack ?? detail.message}`
  return ` ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`
}

/**
 * The app's log: a file in the data folder's logs/, rotated at a size, each line scrubbed
 * of keys and purchase codes before it is written. Written synchronously: a line logged
 * just before a crash is on disk when the process ends, and the log is small and rare.
 * A log that cannot be written never stops the app.
 */
export function createRotatingLog(o: RotatingLogOptions): AppLog {
  const now = o.now ?? (() => new Date())
  const maxBytes = o.maxBytes ?? LOG_MAX_BYTES
  const keep = o.keep ?? LOG_KEEP
  const file = join(o.dir, LOG_FILE)
  const recent: string[] = []
  const rotate = (): void => {
    rmSync(join(o.dir, `main.${keep}.log`), { force: true })
    for (let i = keep - 1; i >= 1; i--) {
      try {
        renameSync(join(o.dir, `main.${i}.log`), join(o.dir, `main.${i + 1}.log`))
      } catch {
        // Not there yet.
      }
    }
    renameSync(file, join(o.dir, 'main.1.log'))
  }
  const write = (level: string, message: string, detail?: unknown): void => {
    const line = scrubLine(
      `${now().toISOString()} ${level} ${message}${describe(detail)}`.replace(/\r?\n/g, '\n    '),
      o.keys()
    )
    if (level !== 'info') {
      recent.push(line)
      if (recent.length > RECENT_ERRORS) recent.shift()
    }
    try {
      mkdirSync(o.dir, { recursive: true })
      let size = 0
      try {
        size = statSync(file).size
      } catch {
        size = 0
      }
      if (size > 0 && size + line.length + 1 > maxBytes) rotate()
      appendFileSync(file, `${line}\n`)
    } catch {
      // A full disk or a read-only folder: the app goes on without its log.
    }
  }
  return {
    dir: o.dir,
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m, d) => write('error', m, d),
    recentErrors: () => [...recent]
  }
}
