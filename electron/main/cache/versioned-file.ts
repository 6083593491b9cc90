import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from '../storage/atomic-file'
import { asciiJson } from './ascii-json'
import type { JsonPieces } from './list-entry-json'
import { signedBody } from './signed-body'

export interface StoreLog {
  warn(message: string): void
}

const EnvelopeSchema = z.object({
  format: z.number().int(),
  kind: z.string(),
  sha256: z.string().optional(),
  body: z.unknown()
})

const CLOSE = Buffer.from('}')
const CHUNK_BYTES = 1 << 20
/**
 * Most synchronous work between two turns of the event loop while pieces are made: each
 * piece is checked by its schema, and a 100,000-entry media index held the host for 60-150
 * ms at a time (a search typed meanwhile waited for it).
 */
export const WRITE_SLICE_MS = 4

/** A file read in slices: its value, no file, or one for the whole read to judge. */
export type SlicedRead = { value: unknown } | 'missing' | 'unsigned'

/**
 * From this size a file with a `readSliced` read is read that way (in time slices). Read
 * whole, a 10,000-item list (11-15 MB) held main 70-100 ms in one turn and 100,000 items
 * 3.5 s. Quiet P2b runs at 10,000 items (--repeat 3), keys typed during the launch refresh:
 * whole, the launch's first key waited 0.26-0.44 s but the key after it 0.10-0.15 s (p95
 * 145 ms); in slices, 0.56-1.08 s and then 0.04-0.10 s (p95 101 ms). The slices keep every
 * other answer moving, so they win from here.
 */
const SLICED_MIN_BYTES = 1024 * 1024

const sizeOf = (path: string): number => {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

/**
 * One JSON document wrapped with a format number and a kind, written atomically. Reading
 * is forgiving by design: a missing, corrupt, wrong-kind or other-version file is a miss
 * (logged, and removed so it is not read again), never an exception, because every cached
 * thing can be fetched again.
 *
 * The body is checked with the schema on the way out, and the file carries the SHA-256 of
 * the body's bytes: a file whose bytes still hash to what we wrote is the document we
 * checked, so reading it skips the schema (for 10,000 items that is most of the read). A
 * file without a matching sum (older, hand-made, damaged) goes through the schema as before,
 * and one that claims a sum its body does not have is refused as damaged. Files are written
 * all ASCII (characters past it as JSON escapes), which a read parses faster; files that
 * hold UTF-8 are read the same way.
 */
export class VersionedFile<T> {
  /** The value last read or written, by path, and the file it came from. */
  private readonly last = new Map<string, { value: T; file: string }>()
  /** The value last released, held weakly. */
  private released: { path: string; file: string; value: WeakRef<T & object> } | null = null

  constructor(
    private readonly kind: string,
    private readonly format: number,
    private readonly schema: z.ZodType<T>,
    private readonly log: StoreLog,
    /**
     * Keep the last value per path and answer it again while the file is unchanged (same
     * inode, size and time): a large list is then parsed once, not on every read.
     * `pieces` writes the body in checked pieces instead of one schema parse and one string.
     */
    private readonly options: {
      keepLast?: boolean
      /** The value in memory for the path before this write comes second (see inMemory). */
      pieces?: (value: T, before: T | null) => JsonPieces
      /**
       * Reads a large file (SLICED_MIN_BYTES or more) as the fast path would, without
       * holding main in one turn: `unsigned` (or a failure) leaves it to this class's read.
       */
      readSliced?: (path: string, file: { kind: string; format: number }) => Promise<SlicedRead>
      /** Default SLICED_MIN_BYTES. */
      slicedMinBytes?: number
    } = {}
  ) {}

  async read(path: string): Promise<T | null> {
    // Stamped before reading: a file replaced meanwhile is not taken for the one read.
    const stamp = this.options.keepLast ? await fileStamp(path) : null
    const kept = this.last.get(path)
    if (kept && stamp !== null && kept.file === stamp) return kept.value
    this.last.delete(path)
    const weak = this.released?.path === path ? this.released : null
    const alive = weak && stamp !== null && weak.file === stamp ? weak.value.deref() : undefined
    if (alive !== undefined && stamp !== null) {
      this.remember(path, alive, stamp)
      return alive
    }
    const value = await this.readFresh(path)
    if (value !== null && stamp !== null) this.remember(path, value, stamp)
    return value
  }

  /**
   * Stops keeping the value for a path. It is still answered while something else holds it
   * (and the file is unchanged); once the garbage collector took it, the file is read again.
   */
  release(path: string): void {
    const kept = this.last.get(path)
    this.last.delete(path)
    if (kept && typeof kept.value === 'object' && kept.value !== null)
      this.released = { path, file: kept.file, value: new WeakRef(kept.value) }
  }

  /**
   * The value in memory for a path, kept or released and not yet collected, whether or not
   * the file changed since: for what only needs an equal value (item-reuse.ts), not the file's.
   */
  inMemory(path: string): T | null {
    const kept = this.last.get(path)
    if (kept) return kept.value
    return (this.released?.path === path ? this.released.value.deref() : undefined) ?? null
  }

  /**
   * The value last read or written at a path and the file it came from (its stamp), while
   * kept: what a derived file (the opening window) records it was made from.
   */
  kept(path: string): { value: T; stamp: string } | null {
    const kept = this.last.get(path)
    return kept ? { value: kept.value, stamp: kept.file } : null
  }

  /** One file's value at a time: the active connection's list, not every list ever opened. */
  private remember(path: string, value: T, file: string): void {
    this.last.clear()
    this.released = null
    this.last.set(path, { value, file })
  }

  private async readFresh(path: string): Promise<T | null> {
    const { readSliced } = this.options
    if (readSliced && sizeOf(path) >= (this.options.slicedMinBytes ?? SLICED_MIN_BYTES)) {
      const read = await readSliced(path, { kind: this.kind, format: this.format }).catch(
        (e: unknown) => {
          this.log.warn(
            `[cache] ${this.kind} file read whole: ${e instanceof Error ? e.message : String(e)}`
          )
          return 'unsigned' as const
        }
      )
      if (read === 'missing') return null
      if (read !== 'unsigned') return read.value as T
    }
    let bytes: Buffer
    try {
      // Synchronous on purpose, as fileStamp: a 7 MB list read asynchronously is sixteen
      // trips to the I/O pool and back, each waiting its turn on a busy machine while the
      // page loads (90 ms seen), for a few ms of reading; parsing it blocks longer anyway.
      bytes = readFileSync(path)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      this.log.warn(
        `[cache] cannot read ${this.kind} file (${(e as NodeJS.ErrnoException).code ?? 'error'}); treating it as missing`
      )
      return null
    }
    const reason = this.signed(bytes) ?? this.problemWith(bytes.toString('utf8'))
    if (reason.ok) return reason.value
    this.log.warn(`[cache] discarding ${this.kind} file: ${reason.why}`)
    await rm(path, { force: true }).catch(() => {})
    return null
  }

  async write(path: string, value: T): Promise<void> {
    const before = this.options.pieces ? this.inMemory(path) : null
    this.last.delete(path)
    // Validate on the way out as well: a bug must not plant a file every later read rejects.
    let checked = value
    const json = this.options.pieces?.(value, before) ?? {
      pieces: [JSON.stringify((checked = this.schema.parse(value)))],
      faithful: () => true
    }
    await this.writeJson(path, json)
    const file = this.options.keepLast ? await fileStamp(path) : null
    // A value the schema would have changed is not the file's: the next read parses the file.
    if (file !== null && json.faithful()) this.remember(path, checked, file)
  }

  /**
   * Writes a document given as checked JSON pieces (the caller's own schema checks, as
   * `pieces` does), without the value: a store whose entries live in a Map need not copy
   * them into one object first. The next read parses the file.
   */
  async writePieces(path: string, json: JsonPieces): Promise<void> {
    await this.writeJson(path, json)
  }

  private async writeJson(path: string, { pieces }: JsonPieces): Promise<void> {
    this.last.delete(path)
    const head = (sum: string): Buffer =>
      Buffer.from(
        `${JSON.stringify({ format: this.format, kind: this.kind, sha256: sum }).slice(0, -1)},"body":`
      )
    // A SHA-256 in base64url is always 43 characters: the header's room is known before
    // the body is, and the real one is written over the stand-in once the body is written.
    const standIn = head('A'.repeat(43))
    await writeFileAtomic(path, async (out) => {
      await out.append(standIn)
      const sum = createHash('sha256')
      // Pieces are gathered into chunks of about a megabyte and written as they come: the
      // body is never whole in memory, neither in pieces nor in one buffer. A chunk is
      // encoded and hashed once, not piece by piece (half the time of 100,000 small ones).
      let pending = ''
      let since = performance.now()
      const flush = async (): Promise<void> => {
        since = performance.now()
        if (pending.length === 0) return
        const chunk = Buffer.from(pending, 'utf8')
        pending = ''
        sum.update(chunk)
        await out.append(chunk)
      }
      for (const piece of pieces) {
        // All ASCII, so a read decodes and parses it as one-byte text (ascii-json.ts).
        pending += asciiJson(piece)
        // Writing what is pending lets the event loop turn (answers wait otherwise).
        if (pending.length >= CHUNK_BYTES || performance.now() - since >= WRITE_SLICE_MS)
          await flush()
      }
      await flush()
      await out.append(CLOSE)
      const real = head(sum.digest('base64url'))
      if (real.byteLength !== standIn.byteLength) throw new Error('The header changed length.')
      await out.overwrite(0, real)
    })
  }

  /**
   * The fast path: our own prefix, our kind and format, and a body whose bytes hash to the
   * sum beside it. Null when the file is not laid out as we write it (the slow path judges).
   */
  private signed(bytes: Buffer): { ok: true; value: T } | null {
    const body = signedBody(bytes, this.kind, this.format)
    if (!body) return null
    try {
      return { ok: true, value: JSON.parse(body.toString('utf8')) as T }
    } catch {
      return null
    }
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
    // Ours once, but its bytes changed since (the fast path found no matching sum).
    if (envelope.data.sha256 !== undefined)
      return { ok: false, why: 'its checksum does not match (damaged or edited)' }
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
 * Which file is at a path now: a rename over it or any rewrite changes this. Synchronous on
 * purpose: one stat takes microseconds, while queued behind media downloads on the I/O
 * pool it could hold up every search the grid asks for.
 */
export async function fileStamp(path: string): Promise<string | null> {
  try {
    const s = statSync(path, { bigint: true, throwIfNoEntry: false })
    return s ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}` : null
  } catch {
    return null
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
