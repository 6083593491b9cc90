import { mkdir, open, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { z } from 'zod'
import { writeFileAtomic } from './atomic-file'

/**
 * A JSON-lines file that survives crashes and upgrades: each record is one fsynced append;
 * a torn line (a crash mid-append) is skipped and the file rewritten atomically without
 * it; a line this version cannot read (a newer format) is kept verbatim for the version
 * that wrote it. The lookup history keeps its file by the same rules.
 */
export interface JsonLines<T> {
  /** Readable records, in file order. */
  records: T[]
  /** Lines this version cannot read, verbatim, in file order. */
  kept: string[]
  /** Lines that are not JSON at all. */
  torn: number
}

/** Reads the file; a missing file is an empty one, any other read error is thrown. */
export async function readJsonLines<T>(path: string, schema: z.ZodType<T>): Promise<JsonLines<T>> {
  let text = ''
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  const found: JsonLines<T> = { records: [], kept: [], torn: 0 }
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let json: unknown
    try {
      json = JSON.parse(line)
    } catch {
      found.torn++
      continue
    }
    const parsed = schema.safeParse(json)
    if (parsed.success) found.records.push(parsed.data)
    else found.kept.push(line)
  }
  return found
}

/** Appends one line and waits until it is on disk. The folder is made private if new. */
export async function appendJsonLine(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  const handle = await open(path, 'a', 0o600)
  try {
    await handle.appendFile(`${JSON.stringify(value)}\n`)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Replaces the file at once: unreadable lines first (a newer version wrote them earlier). */
export async function rewriteJsonLines(
  path: string,
  kept: readonly string[],
  values: readonly unknown[]
): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  await writeFileAtomic(
    path,
    kept.map((line) => `${line}\n`).join('') + values.map((v) => `${JSON.stringify(v)}\n`).join('')
  )
}
