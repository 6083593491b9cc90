import { mkdir, opendir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { StoreLog, VersionedFile } from '../cache/versioned-file'
import { isTempFileName, sweepTempFiles } from '../storage/atomic-file'
import { readHead, readKeptMarker, writeKeptMarker } from './disk-files'
import { BLOB, blobPath, INDEX_FILE, KEPT, type MediaEntry, type MediaIndex } from './disk-index'
import { sniffMediaType } from './sniff'
import { timeSlices, type TimeSlices } from '../util/time-slices'

export interface LoadedMediaDir {
  entries: Map<string, MediaEntry>
  total: number
  /** The latest last-use time seen, so new ones come after it. */
  clock: number
  /** The seller's own limit, when the index records one. */
  chosenLimit: number | null
  /** The index on disk no longer says what is there and must be written again. */
  dirty: boolean
}

/**
 * Reads the media folder at start: the index, checked against the folder's listing so the
 * two agree (files it does not name are deleted, entries with no file dropped), rebuilt
 * from the files when it is missing or damaged, and kept markers put right. Sizes are
 * checked here only for files kept offline: one stat per file kept the host busy for
 * seconds at 100,000 thumbnails, and files are written atomically, so a file of the wrong
 * size was changed behind our back; the answer from disk checks its size when it is served
 * and drops it then.
 */
export async function loadMediaDir(
  dir: string,
  index: VersionedFile<MediaIndex>,
  log: StoreLog
): Promise<LoadedMediaDir> {
  const loaded: LoadedMediaDir = {
    entries: new Map(),
    total: 0,
    clock: 0,
    chosenLimit: null,
    dirty: false
  }
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const stored = await index.read(join(dir, INDEX_FILE))
  if (stored?.limitBytes !== undefined) loaded.chosenLimit = stored.limitBytes
  // The loops below visit every file: they let answers through as they go, and hold back
  // while the seller's own requests are answered (a launch's first search reads the saved
  // list meanwhile: it took 420-600 ms at 10,000 items while this shared main with it, for
  // about 150 ms of its own work). What waits for the folder is media not yet shown.
  const slices = timeSlices(4, { background: true })
  const storedEntries = stored?.entries ?? {}
  const listing = await listFolder(dir, storedEntries, slices)
  await sweepTempFiles(dir, undefined, listing.temporary)
  if (stored === null && listing.unlisted.length > 0) {
    const rebuilt = await rebuild(dir, loaded, listing.unlisted, listing.markers)
    log.warn(
      `[media] the media index was missing or damaged: rebuilt it from ${rebuilt} cached file(s)`
    )
  }
  // Keys, not Object.entries: 100,000 pairs made in one go held main for 100 ms. In the
  // index's order, as it was written.
  const storedKeys = Object.keys(storedEntries)
  const changed: string[] = []
  for (const key of storedKeys) {
    if (slices.due()) await slices.turn()
    const entry = storedEntries[key]!
    if (!listing.found.has(entry)) continue
    // Files kept offline are few, and needed where a damaged one cannot be fetched again:
    // they are checked now, so the app says they are not kept and fetches them while online.
    if (entry.kept) {
      const s = await stat(blobPath(dir, key)).catch(() => null)
      if (s?.size !== entry.size) {
        changed.push(key)
        continue
      }
    }
    // The read's own object, held by nothing else (the index file keeps no value): a copy
    // was 100,000 more objects at launch, during the refresh's memory peak.
    loaded.entries.set(key, entry)
    loaded.total += entry.size
    loaded.clock = Math.max(loaded.clock, entry.lastUsed)
  }
  // Files no entry stands for: the index does not name them (a crash between a file and
  // the index naming it), or a kept file was found changed.
  let orphans = 0
  const orphan = async (name: string): Promise<void> => {
    await rm(join(dir, name), { force: true })
    orphans++
  }
  for (const name of listing.unlisted) {
    if (slices.due()) await slices.turn()
    if (!loaded.entries.has(name.slice(0, 64))) await orphan(name)
  }
  for (const key of changed) await orphan(`${key}.bin`)
  for (const name of listing.markers) {
    const key = name.slice(0, 64)
    const entry = loaded.entries.get(key)
    if (!entry?.kept) await rm(join(dir, name), { force: true })
  }
  // Kept files from before markers existed get theirs now.
  for (const [key, entry] of loaded.entries) {
    if (slices.due()) await slices.turn()
    if (entry.kept && !listing.markers.has(`${key}.kept`))
      await writeKeptMarker(dir, key, entry, log)
  }
  if (orphans > 0) log.warn(`[media] removed ${orphans} cached file(s) the index did not list`)
  if (stored === null || orphans > 0 || loaded.entries.size !== storedKeys.length)
    loaded.dirty = true
  return loaded
}

/** Names read per trip to the I/O pool. */
const LIST_BATCH = 2048

interface Listing {
  /** The index's entries whose file is there. */
  found: Set<MediaEntry>
  /** Media files the index has no entry for. */
  unlisted: string[]
  /** Kept markers. */
  markers: Set<string>
  /** Names a write may have left behind (atomic-file.ts). */
  temporary: string[]
}

/**
 * One pass over the folder, a batch of names at a time (`readdir` makes them all in one
 * turn of main, 44 ms at 100,000 thumbnails), matching each file to the index's entry as it
 * comes. Only the few names that need more are kept: at 100,000 files the names and a set
 * of them were about 12 MB more (by their sizes) at launch, during the refresh's memory peak.
 */
async function listFolder(
  dir: string,
  entries: Readonly<Record<string, MediaEntry>>,
  slices: TimeSlices
): Promise<Listing> {
  const listing: Listing = { found: new Set(), unlisted: [], markers: new Set(), temporary: [] }
  for await (const { name } of await opendir(dir, { bufferSize: LIST_BATCH })) {
    if (slices.due()) await slices.turn()
    if (name.endsWith('.bin') && BLOB.test(name)) {
      const key = name.slice(0, 64)
      const entry = Object.hasOwn(entries, key) ? entries[key] : undefined
      if (entry) listing.found.add(entry)
      else listing.unlisted.push(name)
    } else if (name.endsWith('.kept') && KEPT.test(name)) listing.markers.add(name)
    else if (isTempFileName(name)) listing.temporary.push(name)
  }
  return listing
}

/**
 * The index was missing or damaged while files are on disk: rebuild it from the files
 * rather than delete them (kept ones included). Type from the kept marker or the first
 * bytes, size from the file, last use from its time; files of no media type go.
 */
async function rebuild(
  dir: string,
  loaded: LoadedMediaDir,
  names: readonly string[],
  markers: ReadonlySet<string>
): Promise<number> {
  let rebuilt = 0
  for (const name of names) {
    const key = name.slice(0, 64)
    const path = blobPath(dir, key)
    const s = await stat(path).catch(() => null)
    if (!s) continue
    let contentType: string | null = null
    let kept = false
    if (markers.has(`${key}.kept`)) {
      contentType = await readKeptMarker(dir, key)
      kept = contentType !== null
    }
    if (contentType === null) contentType = sniffMediaType(await readHead(path))
    if (contentType === null) continue
    loaded.entries.set(key, { contentType, size: s.size, lastUsed: Math.floor(s.mtimeMs), kept })
    loaded.total += s.size
    loaded.clock = Math.max(loaded.clock, Math.floor(s.mtimeMs))
    rebuilt++
  }
  return rebuilt
}
