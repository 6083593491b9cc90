import { createHash, randomBytes } from 'node:crypto'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { sweepTempFiles } from '../storage/atomic-file'
import { VersionedFile, type StoreLog } from '../cache/versioned-file'

export const MEDIA_INDEX_FORMAT = 1
const INDEX_FILE = 'index.json'
const BLOB = /^[0-9a-f]{64}\.bin$/

const EntrySchema = z.object({
  contentType: z.string().max(200),
  size: z.number().int().nonnegative(),
  lastUsed: z.number(),
  /** Asked for by the seller ("Keep offline"): evicted only after everything else. */
  kept: z.boolean(),
  /**
   * The connections whose marketplace answers named this file: removing the last of them
   * deletes it. Absent in indexes written before it existed (such files age out by LRU).
   */
  owners: z.array(z.string().max(200)).max(100).optional()
})
export type MediaEntry = z.infer<typeof EntrySchema>
const IndexSchema = z.object({
  entries: z.record(z.string().regex(/^[0-9a-f]{64}$/), EntrySchema),
  /** The seller's own limit (Settings), when set; the app's default otherwise. */
  limitBytes: z.number().int().positive().optional()
})

export function mediaKey(url: string): string {
  return createHash('sha256').update(url).digest('hex')
}

export interface DiskStoreOptions {
  dir: string
  limitBytes: number
  log: StoreLog
  now?: () => number
  /** How long index changes may wait before they are written (they are batched). */
  flushDelayMs?: number
}

/**
 * Content-addressed media files (name = sha256 of the URL) plus a small index of type,
 * size and last use. Files are written atomically and before the index names them; on
 * open, files the index does not name (a crash between the two) and index entries with
 * no file are dropped, so the two always agree. Least recently used goes first when the
 * total passes the limit; kept entries go last.
 */
export class MediaDiskStore {
  private entries = new Map<string, MediaEntry>()
  private total = 0
  private limit: number
  private chosenLimit: number | null = null
  private clock = 0
  private dirty = false
  private flushTimer: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()
  private readonly index: VersionedFile<z.infer<typeof IndexSchema>>
  private opened: Promise<void> | null = null
  private closed = false

  constructor(private readonly options: DiskStoreOptions) {
    this.limit = options.limitBytes
    this.index = new VersionedFile('media-index', MEDIA_INDEX_FORMAT, IndexSchema, options.log)
  }

  get dir(): string {
    return this.options.dir
  }

  open(): Promise<void> {
    // Never opened before close(): stays unopened, so nothing is created under media/.
    if (this.closed && !this.opened) return Promise.resolve()
    this.opened ??= this.load()
    return this.opened
  }

  get limitBytes(): number {
    return this.limit
  }

  async setLimit(bytes: number): Promise<void> {
    await this.open()
    this.limit = bytes
    this.chosenLimit = bytes
    this.dirty = true
    await this.evictToFit()
    await this.flush()
  }

  stats(): { bytes: number; files: number } {
    return { bytes: this.total, files: this.entries.size }
  }

  /** The entry, marked as just used; null when not stored. */
  async get(key: string): Promise<MediaEntry | null> {
    await this.open()
    const entry = this.entries.get(key)
    if (!entry) return null
    entry.lastUsed = this.tick()
    this.scheduleFlush()
    return entry
  }

  /** The entry without marking it used (asking about a file is not using it); null when not stored. */
  async peek(key: string): Promise<MediaEntry | null> {
    await this.open()
    return this.entries.get(key) ?? null
  }

  has(key: string): boolean {
    return this.entries.has(key)
  }

  pathOf(key: string): string {
    return join(this.options.dir, `${key}.bin`)
  }

  /** Stores a body, evicting older ones to make room. False when it alone is over the limit. */
  async put(
    key: string,
    body: Uint8Array | ReadableStream<Uint8Array>,
    contentType: string,
    kept: boolean,
    maxBytes: number,
    owners: readonly string[] = []
  ): Promise<MediaEntry | null> {
    await this.open()
    if (this.closed) return null
    const cap = Math.min(maxBytes, this.limit)
    const size = await this.writeBlob(key, body, cap)
    if (size === null) return null
    const previous = this.entries.get(key)
    if (previous) this.total -= previous.size
    const allOwners = [...new Set([...(previous?.owners ?? []), ...owners])]
    const entry: MediaEntry = {
      contentType,
      size,
      lastUsed: this.tick(),
      kept: kept || (previous?.kept ?? false),
      ...(allOwners.length > 0 ? { owners: allOwners } : {})
    }
    this.entries.set(key, entry)
    this.total += size
    await this.evictToFit()
    this.scheduleFlush()
    return this.entries.get(key) ?? null
  }

  /** Marks a stored entry as asked-for by the seller; false when it is not stored. */
  async markKept(key: string): Promise<MediaEntry | null> {
    await this.open()
    const entry = this.entries.get(key)
    if (!entry) return null
    entry.kept = true
    entry.lastUsed = this.tick()
    this.scheduleFlush()
    return entry
  }

  /** Records that these connections use a stored file too (it was seen in their answers). */
  addOwners(key: string, owners: readonly string[]): void {
    const entry = this.entries.get(key)
    if (!entry || owners.length === 0) return
    const known = entry.owners ?? []
    const fresh = owners.filter((o) => !known.includes(o))
    if (fresh.length === 0) return
    entry.owners = [...known, ...fresh]
    this.scheduleFlush()
  }

  /**
   * A connection was removed: it no longer owns any file, and files no other connection
   * owns are deleted. Files from before owners were recorded are left to age out.
   */
  async forgetOwner(owner: string): Promise<number> {
    await this.open()
    let removed = 0
    for (const [key, entry] of [...this.entries]) {
      if (!entry.owners?.includes(owner)) continue
      const rest = entry.owners.filter((o) => o !== owner)
      if (rest.length > 0) {
        entry.owners = rest
        this.scheduleFlush()
      } else {
        await this.drop(key)
        removed++
      }
    }
    await this.flush()
    return removed
  }

  /** Called when a stored file turned out to be missing or unreadable. */
  async drop(key: string): Promise<void> {
    const entry = this.entries.get(key)
    if (entry) {
      this.entries.delete(key)
      this.total -= entry.size
    }
    // A file still open elsewhere (Windows) may refuse: it is unlisted now, and removed as
    // an orphan on the next start.
    await rm(this.pathOf(key), { force: true }).catch(() => {})
    this.scheduleFlush()
  }

  async clear(): Promise<void> {
    await this.open()
    const keys = [...this.entries.keys()]
    this.entries.clear()
    this.total = 0
    for (const key of keys) await rm(this.pathOf(key), { force: true })
    await this.flush()
  }

  /** Writes the index a last time; afterwards nothing is stored and the index is not written again. */
  async close(): Promise<void> {
    if (this.opened) await this.opened.catch(() => {})
    await this.flush()
    this.closed = true
    if (this.flushTimer) {
      clearTimeout(this.flushTimer)
      this.flushTimer = null
    }
  }

  async flush(): Promise<void> {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer)
      this.flushTimer = null
    }
    this.flushing = this.flushing.then(async () => {
      if (!this.dirty || this.closed) return
      this.dirty = false
      try {
        await this.index.write(join(this.options.dir, INDEX_FILE), {
          entries: Object.fromEntries(this.entries),
          ...(this.chosenLimit !== null ? { limitBytes: this.chosenLimit } : {})
        })
      } catch (e) {
        this.dirty = true
        this.options.log.warn(
          `[media] could not save the media index (${(e as NodeJS.ErrnoException).code ?? 'error'})`
        )
      }
    })
    return this.flushing
  }

  private tick(): number {
    // Strictly increasing even within one millisecond, so "least recently used" is exact.
    this.clock = Math.max(this.clock + 1, (this.options.now ?? Date.now)())
    return this.clock
  }

  private scheduleFlush(): void {
    this.dirty = true
    if (this.flushTimer || this.closed) return
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null
      void this.flush()
    }, this.options.flushDelayMs ?? 500)
    this.flushTimer.unref()
  }

  private async evictToFit(): Promise<void> {
    if (this.total <= this.limit) return
    const order = [...this.entries].sort(
      ([, a], [, b]) => Number(a.kept) - Number(b.kept) || a.lastUsed - b.lastUsed
    )
    for (const [key] of order) {
      if (this.total <= this.limit) break
      await this.drop(key)
    }
  }

  private async load(): Promise<void> {
    const dir = this.options.dir
    await mkdir(dir, { recursive: true, mode: 0o700 })
    await sweepTempFiles(dir)
    const stored = await this.index.read(join(dir, INDEX_FILE))
    if (stored?.limitBytes !== undefined) {
      this.limit = stored.limitBytes
      this.chosenLimit = stored.limitBytes
    }
    const onDisk = new Set((await readdir(dir)).filter((n) => BLOB.test(n)))
    for (const [key, entry] of Object.entries(stored?.entries ?? {})) {
      if (!onDisk.has(`${key}.bin`)) continue
      const s = await stat(this.pathOf(key)).catch(() => null)
      if (!s || s.size !== entry.size) continue
      this.entries.set(key, { ...entry })
      this.total += entry.size
      this.clock = Math.max(this.clock, entry.lastUsed)
    }
    let orphans = 0
    for (const name of onDisk) {
      if (!this.entries.has(name.slice(0, 64))) {
        await rm(join(dir, name), { force: true })
        orphans++
      }
    }
    if (orphans > 0)
      this.options.log.warn(`[media] removed ${orphans} cached file(s) the index did not list`)
    if (stored === null || orphans > 0 || this.entries.size !== Object.keys(stored.entries).length)
      this.dirty = true
    await this.evictToFit()
    if (this.dirty) await this.flush()
  }

  /** Streams a body into a temp file (fsynced), then renames it into place; null past `cap`. */
  private async writeBlob(
    key: string,
    body: Uint8Array | ReadableStream<Uint8Array>,
    cap: number
  ): Promise<number | null> {
    const temp = join(
      this.options.dir,
      `.${key}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    )
    const handle = await open(temp, 'w', 0o600)
    let size = 0
    let ok = false
    try {
      if (body instanceof Uint8Array) {
        if (body.byteLength > cap) return null
        await handle.writeFile(body)
        size = body.byteLength
      } else {
        const reader = body.getReader()
        try {
          for (;;) {
            const { done, value } = await reader.read()
            if (done) break
            size += value.byteLength
            if (size > cap) {
              await reader.cancel().catch(() => {})
              return null
            }
            await handle.write(value)
          }
        } finally {
          reader.releaseLock()
        }
      }
      await handle.sync()
      ok = true
    } finally {
      await handle.close().catch(() => {})
      if (!ok) await rm(temp, { force: true })
    }
    await rename(temp, this.pathOf(key))
    return size
  }
}
