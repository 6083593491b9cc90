/**
 * Looks for API keys where they must never be: files (names and bytes, binary included)
 * and text. A key written by accident may be transformed, so each secret is searched in
 * the forms code tends to produce: as is, upper-cased, UTF-16 and base64.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'

export function secretForms(secret: string): Buffer[] {
  return [
    Buffer.from(secret, 'utf8'),
    Buffer.from(secret.toUpperCase(), 'utf8'),
    Buffer.from(secret, 'utf16le'),
    Buffer.from(Buffer.from(secret, 'utf8').toString('base64').replace(/=+$/, ''), 'utf8')
  ]
}

export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch {
    return out
  }
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await filesUnder(path)))
    else out.push(path)
  }
  return out
}

/** Files under `dir` holding any form of a secret, as paths relative to `dir`. */
export async function filesHolding(dir: string, secrets: string[]): Promise<string[]> {
  const forms = secrets.flatMap(secretForms)
  const hits: string[] = []
  for (const file of await filesUnder(dir)) {
    const bytes = await readFile(file).catch(() => Buffer.alloc(0))
    const name = Buffer.from(relative(dir, file), 'utf8')
    if (forms.some((f) => bytes.includes(f) || name.includes(f))) hits.push(relative(dir, file))
  }
  return hits
}

/** The secrets that appear in `text`, in any of their forms. */
export const textHolding = (text: string, secrets: string[]): string[] =>
  secrets.filter((s) =>
    secretForms(s).some(
      (f) => text.includes(f.toString('utf8')) || text.includes(f.toString('utf16le'))
    )
  )
