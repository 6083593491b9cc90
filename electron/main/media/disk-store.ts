import { createHash, randomBytes } from 'node:crypto'
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { sweepTempFiles, writeFileAtomic } from '../storage/atomic-file'
import { VersionedFile, type StoreLog } from '../cache/versioned-file'
import { sniffMediaType } from './sniff'

export const MEDIA_INDEX_FORMAT = 1
const INDEX_FILE = 'index.json'
const BLOB = /^[0-9a-f]{64}\.bin$/
/** Beside each file kept offline: its media type. The index is not the only record of it. */
const KEPT = /^[0-9a-f]{64}\.kept$/
const KeptMarkerSchema = z.object({ contentType: z.string().max(200) })

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
    if (entry.kept) await this.writeKeptMarker(key, entry)
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
    await this.writeKeptMarker(key, entry)
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
    await rm(this.keptPathOf(key), { force: true }).catch(() => {})
    this.scheduleFlush()
  }

  async clear(): Promise<void> {
    await this.open()
    const keys = [...this.entries.keys()]
    this.entries.clear()
    this.total = 0
    for (const key of keys) {
      await rm(this.pathOf(key), { force: true })
      await rm(this.keptPathOf(key), { force: true })
    }
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

  private keptPathOf(key: string): string {
    return join(this.options.dir, `${key}.kept`)
  }

  private async writeKeptMarker(key: string, entry: MediaEntry): Promise<void> {
    try {
      await writeFileAtomic(
        this.keptPathOf(key),
        JSON.stringify({ contentType: entry.contentType })
      )
    } catch {
      // The index still says so; only a rebuild after index damage would miss it.
      this.options.log.warn('[media] could not mark a file kept offline beside it')
    }
  }

  /**
   * The index was missing or damaged while files are on disk: rebuild it from the files
   * rather than delete them (kept ones included). Type from the kept marker or the first
   * bytes, size from the file, last use from its time; files of no media type go.
   */
  private async rebuild(names: Set<string>, markers: Set<string>): Promise<number> {
    let rebuilt = 0
    for (const name of names) {
      const key = name.slice(0, 64)
      const path = this.pathOf(key)
      const s = await stat(path).catch(() => null)
      if (!s) continue
      let contentType: string | null = null
      let kept = false
      if (markers.has(`${key}.kept`)) {
        contentType = await this.readKeptMarker(key)
        kept = contentType !== null
      }
      if (contentType === null) contentType = sniffMediaType(await this.head(path))
      if (contentType === null) continue
      this.entries.set(key, { contentType, size: s.size, lastUsed: Math.floor(s.mtimeMs), kept })
      this.total += s.size
      this.clock = Math.max(this.clock, Math.floor(s.mtimeMs))
      rebuilt++
    }
    return rebuilt
  }

  /** The media type a kept marker records; null when it cannot be read. */
  private async readKeptMarker(key: string): Promise<string | null> {
    try {
      const json: unknown = JSON.parse(await readFile(this.keptPathOf(key), 'utf8'))
      const parsed = KeptMarkerSchema.safeParse(json)
      return parsed.success ? parsed.data.contentType : null
    } catch {
      return null
    }
  }

  private async head(path: string): Promise<Uint8Array> {
    const handle = await open(path, 'r').catch(() => null)
    if (!handle) return new Uint8Array(0)
    try {
      const buffer = new Uint8Array(1024)
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
      return buffer.subarray(0, bytesRead)
    } finally {
      await handle.close()
    }
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
    const names = await readdir(dir)
    const onDisk = new Set(names.filter((n) => BLOB.test(n)))
    const markers = new Set(names.filter((n) => KEPT.test(n)))
    if (stored === null && onDisk.size > 0) {
      const rebuilt = await this.rebuild(onDisk, markers)
      this.options.log.warn(
        `[media] the media index was missing or damaged: rebuilt it from ${rebuilt} cached file(s)`
      )
    }
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
    for (const name of markers) {
      const key = name.slice(0, 64)
      const entry = this.entries.get(key)
      if (!entry?.kept) await rm(join(dir, name), { force: true })
    }
    // Kept files from before markers existed get theirs now.
    for (const [key, entry] of this.entries)
      if (entry.kept && !markers.has(`${key}.kept`)) await this.writeKeptMarker(key, entry)
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
