import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { VersionedFile, type StoreLog } from '../cache/versioned-file'
import { writeBlob, writeKeptMarker } from './disk-files'
import {
  blobPath,
  INDEX_FILE,
  IndexSchema,
  keptPath,
  MEDIA_INDEX_FORMAT,
  type MediaEntry,
  type MediaIndex
} from './disk-index'
import { mediaIndexPieces, mediaIndexPiecesOf } from './disk-index-json'
import { loadMediaDir } from './disk-load'
import { readMediaIndexSliced } from './read-index-sliced'

export interface DiskStoreOptions {
  dir: string
  limitBytes: number
  log: StoreLog
  now?: () => number
  /** How long index changes may wait before they are written (they are batched). */
  flushDelayMs?: number
  /**
   * How long without a new use before last uses alone are saved: they only order eviction,
   * and a save of 100,000 entries is 0.6-0.7 s of main's time (in slices), which a seller
   * browsing or typing should not share main with.
   */
  useFlushDelayMs?: number
  /** The longest last uses wait while media keeps being used. */
  useFlushMaxMs?: number
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
  /** When the scheduled save runs (Date.now() time); Infinity when none is. */
  private flushDue = Number.POSITIVE_INFINITY
  private flushing: Promise<void> = Promise.resolve()
  private useTimer: NodeJS.Timeout | null = null
  /** When the oldest use not saved yet was made (Date.now() time); null when none is waiting. */
  private firstUnsavedUse: number | null = null
  private readonly index: VersionedFile<MediaIndex>
  private opened: Promise<void> | null = null
  private closed = false

  constructor(private readonly options: DiskStoreOptions) {
    this.limit = options.limitBytes
    this.index = new VersionedFile('media-index', MEDIA_INDEX_FORMAT, IndexSchema, options.log, {
      pieces: mediaIndexPieces,
      readSliced: readMediaIndexSliced
    })
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
    this.scheduleUseFlush()
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
    return blobPath(this.options.dir, key)
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
    const size = await writeBlob(this.options.dir, key, body, cap)
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
    if (entry.kept) await writeKeptMarker(this.options.dir, key, entry, this.options.log)
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
    await writeKeptMarker(this.options.dir, key, entry, this.options.log)
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
    await rm(keptPath(this.options.dir, key), { force: true }).catch(() => {})
    this.scheduleFlush()
  }

  async clear(): Promise<void> {
    await this.open()
    const keys = [...this.entries.keys()]
    this.entries.clear()
    this.total = 0
    for (const key of keys) {
      await rm(this.pathOf(key), { force: true })
      await rm(keptPath(this.options.dir, key), { force: true })
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
    this.clearUseTimer()
  }

  async flush(): Promise<void> {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer)
      this.flushTimer = null
      this.flushDue = Number.POSITIVE_INFINITY
    }
    this.flushing = this.flushing.then(async () => {
      if (!this.dirty || this.closed) return
      this.dirty = false
      // This save holds every use so far.
      this.clearUseTimer()
      try {
        // Written from the live Map as the write goes: an entry added or dropped meanwhile
        // marks the index dirty again, and the next start reconciles it with the files.
        await this.index.writePieces(
          join(this.options.dir, INDEX_FILE),
          mediaIndexPiecesOf(
            this.entries,
            this.chosenLimit !== null ? { limitBytes: this.chosenLimit } : {}
          )
        )
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

  private scheduleFlush(delay: number = this.options.flushDelayMs ?? 500): void {
    this.dirty = true
    if (this.closed) return
    // A change that must be saved soon brings forward a save scheduled for later.
    const due = Date.now() + delay
    if (this.flushTimer && this.flushDue <= due) return
    if (this.flushTimer) clearTimeout(this.flushTimer)
    this.flushDue = due
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null
      this.flushDue = Number.POSITIVE_INFINITY
      void this.flush()
    }, delay)
    this.flushTimer.unref()
  }

  /**
   * Last uses are saved once media has not been used for a while (a quiet spell), not on a
   * deadline after the first: a seller typing a search or scrolling uses pictures all the
   * time, and was sharing main with a save every 10 s. Media in use for long still saves
   * by useFlushMaxMs; a change (put, kept) saves sooner and takes the uses with it.
   */
  private scheduleUseFlush(): void {
    this.dirty = true
    if (this.closed) return
    const now = Date.now()
    this.firstUnsavedUse ??= now
    const quiet = this.options.useFlushDelayMs ?? 30_000
    const latest = this.firstUnsavedUse + (this.options.useFlushMaxMs ?? 300_000)
    if (this.useTimer) clearTimeout(this.useTimer)
    this.useTimer = setTimeout(
      () => {
        this.useTimer = null
        void this.flush()
      },
      Math.max(0, Math.min(quiet, latest - now))
    )
    this.useTimer.unref()
  }

  private clearUseTimer(): void {
    if (this.useTimer) clearTimeout(this.useTimer)
    this.useTimer = null
    this.firstUnsavedUse = null
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
    const loaded = await loadMediaDir(this.options.dir, this.index, this.options.log)
    if (loaded.chosenLimit !== null) {
      this.limit = loaded.chosenLimit
      this.chosenLimit = loaded.chosenLimit
    }
    // Nothing is stored before the folder is read (put waits for it): no copy to make.
    if (this.entries.size === 0) this.entries = loaded.entries
    else for (const [key, entry] of loaded.entries) this.entries.set(key, entry)
    this.total += loaded.total
    this.clock = Math.max(this.clock, loaded.clock)
    if (loaded.dirty) this.dirty = true
    await this.evictToFit()
    if (this.dirty) await this.flush()
  }
}
