import { readFile, rm } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { writeFileAtomic } from '../storage/atomic-file'

export interface StoreLog {
  warn(message: string): void
}

const EnvelopeSchema = z.object({ format: z.number().int(), kind: z.string(), body: z.unknown() })

/**
 * One JSON document wrapped with a format number and a kind, written atomically. Reading
 * is forgiving by design: a missing, corrupt, wrong-kind or other-version file is a miss
 * (logged, and removed so it is not read again), never an exception, because every cached
 * thing can be fetched again.
 */
export class VersionedFile<T> {
  constructor(
    private readonly kind: string,
    private readonly format: number,
    private readonly schema: z.ZodType<T>,
    private readonly log: StoreLog
  ) {}

  async read(path: string): Promise<T | null> {
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      this.log.warn(
        `[cache] cannot read ${this.kind} file (${(e as NodeJS.ErrnoException).code ?? 'error'}); treating it as missing`
      )
      return null
    }
    const reason = this.problemWith(text)
    if (reason.ok) return reason.value
    this.log.warn(`[cache] discarding ${this.kind} file: ${reason.why}`)
    await rm(path, { force: true }).catch(() => {})
    return null
  }

  async write(path: string, value: T): Promise<void> {
    // Validate on the way out as well: a bug must not plant a file every later read rejects.
    const checked = this.schema.parse(value)
    await writeFileAtomic(
      path,
      JSON.stringify({ format: this.format, kind: this.kind, body: checked })
    )
  }

  private problemWith(text: string): { ok: true; value: T } | { ok: false; why: string } {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return { ok: false, why: 'not valid JSON (corrupt)' }
    }
    const envelope = EnvelopeSchema.safeParse(json)
    if (!envelope.success) return { ok: false, why: 'no format header' }
    if (envelope.data.kind !== this.kind)
      return { ok: false, why: `holds "${envelope.data.kind.slice(0, 40)}"` }
    if (envelope.data.format !== this.format) {
      return { ok: false, why: `format ${envelope.data.format}, this version reads ${this.format}` }
    }
    const body = this.schema.safeParse(envelope.data.body)
    if (!body.success) {
      const issue = body.error.issues[0]
      return {
        ok: false,
        why: `unexpected content at ${issue ? issue.path.join('.') || '(root)' : '(root)'}`
      }
    }
    return { ok: true, value: body.data }
  }
}

/**
 * A connection id as a folder name: ids are ours, but a path must never be steerable by
 * one, so anything but a plain token is hashed.
 */
export function safeSegment(id: string): string {
  if (/^[A-Za-z0-9_-]{1,64}$/.test(id)) return id
  return `h-${createHash('sha256').update(id).digest('hex').slice(0, 32)}`
}
