import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { AccountSchema, ItemSchema, type Item } from '../../../shared/model'
import {
  ItemsPayloadSchema,
  ItemsWindowSchema,
  type ItemsPayload
} from '../../../shared/ipc/contract'
import type { CachedEntry, CatalogueCache, OpeningWindow } from '../catalogue/ports'
import { isTempFileName, sweepTempFiles } from '../storage/atomic-file'
import { itemsEntrySchema, listEntryPieces } from './list-entry-json'
import { KeyedSerial } from './serial'
import { fileStamp, safeSegment, VersionedFile, type StoreLog } from './versioned-file'
import { readListSliced } from './read-list-sliced'

/** Bump when the shape of a cached file changes: older files are then discarded, not misread. */
export const CATALOGUE_CACHE_FORMAT = 1

const entry = <T extends z.ZodType>(data: T) => z.object({ fetchedAt: z.string().min(1), data })
const KnownIdsSchema = z.object({ ids: z.array(z.number().int().positive()) })
const MAX_KNOWN_IDS = 5_000
const KNOWN_IDS_FILE = 'known-ids.json'
/**
 * The opening window's own format: bump it when what the window holds or how it is made
 * changes (the row summary, FIRST_WINDOW, the sort), so no start shows one made the old way;
 * the list itself is kept.
 */
const OPENING_WINDOW_FORMAT = 1
const ITEMS_FILE = 'items.json'
const OPENING_FILE = 'opening-window.json'
/** The opening window and the list file it was made from (dev, inode, size and time). */
const OpeningSchema = z.object({
  list: z.string().min(1),
  fetchedAt: z.string().min(1),
  window: ItemsWindowSchema,
  mediaUrls: z.array(z.string()).max(100_000)
})

export interface CatalogueCacheOptions {
  /** The app's data folder; the cache lives under `<dataDir>/cache/<connection>/`. */
  dataDir: string
  log?: StoreLog
  /** Called after a fresh item list is stored (the media cache prefetches thumbnails). */
  onItemsWritten?: (connectionId: string, items: readonly Item[]) => void
  /** From what size the saved list is read in time slices; default versioned-file.ts's. */
  listSlicedMinBytes?: number
}

export interface CatalogueCacheTotals {
  bytes: number
  files: number
}

/**
 * The durable CatalogueCache: one versioned JSON file per thing, per connection, each
 * written atomically. It only ever receives normalised data, which never holds the key.
 */
export class FileCatalogueCache implements CatalogueCache {
  readonly root: string
  private readonly account: VersionedFile<CachedEntry<z.infer<typeof AccountSchema>>>
  private readonly items: VersionedFile<CachedEntry<z.infer<typeof ItemsPayloadSchema>>>
  private readonly item: VersionedFile<CachedEntry<Item>>
  private readonly known: VersionedFile<z.infer<typeof KnownIdsSchema>>
  private readonly opening: VersionedFile<z.infer<typeof OpeningSchema>>
  private readonly serial = new KeyedSerial()
  private readonly prepared = new Set<string>()
  private closed = false

  constructor(private readonly options: CatalogueCacheOptions) {
    this.root = join(options.dataDir, 'cache')
    const log = options.log ?? console
    this.account = new VersionedFile('account', CATALOGUE_CACHE_FORMAT, entry(AccountSchema), log)
    this.items = new VersionedFile('items', CATALOGUE_CACHE_FORMAT, itemsEntrySchema, log, {
      keepLast: true,
      pieces: listEntryPieces,
      readSliced: readListSliced,
      ...(options.listSlicedMinBytes === undefined
        ? {}
        : { slicedMinBytes: options.listSlicedMinBytes })
    })
    this.item = new VersionedFile('item', CATALOGUE_CACHE_FORMAT, entry(ItemSchema), log)
    this.known = new VersionedFile('known-item-ids', CATALOGUE_CACHE_FORMAT, KnownIdsSchema, log)
    this.opening = new VersionedFile('opening-window', OPENING_WINDOW_FORMAT, OpeningSchema, log)
  }

  readAccount(connectionId: string) {
    return this.account.read(this.file(connectionId, 'account.json'))
  }

  async writeAccount(
    connectionId: string,
    value: CachedEntry<z.infer<typeof AccountSchema>>
  ): Promise<void> {
    const dir = await this.dir(connectionId)
    await this.serial.run(join(dir, 'account.json'), () =>
      this.account.write(join(dir, 'account.json'), value)
    )
  }

  readItems(connectionId: string) {
    return this.items.read(this.file(connectionId, ITEMS_FILE))
  }

  async hasItems(connectionId: string): Promise<boolean> {
    return (await fileStamp(this.file(connectionId, ITEMS_FILE))) !== null
  }

  async readOpening(connectionId: string): Promise<OpeningWindow | null> {
    const kept = await this.opening.read(this.file(connectionId, OPENING_FILE))
    if (!kept) return null
    // Made from another list (a refresh, a restored backup): the whole list is read instead.
    if (kept.list !== (await fileStamp(this.file(connectionId, ITEMS_FILE)))) return null
    return { window: kept.window, fetchedAt: kept.fetchedAt, mediaUrls: kept.mediaUrls }
  }

  async writeOpening(
    connectionId: string,
    list: ItemsPayload,
    opening: OpeningWindow
  ): Promise<void> {
    const listPath = this.file(connectionId, ITEMS_FILE)
    const path = this.file(connectionId, OPENING_FILE)
    await this.serial.run(path, async () => {
      // Only the list on disk, as read or written: never one since replaced or not stored,
      // and never for a connection removed (or a cache cleared) since, whose list is gone.
      const kept = this.items.kept(listPath)
      if (!kept || kept.value.data !== list) return
      if ((await fileStamp(listPath)) !== kept.stamp) return
      await this.opening.write(path, { list: kept.stamp, ...opening })
    })
  }

  async writeItems(
    connectionId: string,
    value: CachedEntry<z.infer<typeof ItemsPayloadSchema>>
  ): Promise<void> {
    const dir = await this.dir(connectionId)
    await this.serial.run(join(dir, ITEMS_FILE), () =>
      this.items.write(join(dir, ITEMS_FILE), value)
    )
    this.options.onItemsWritten?.(connectionId, value.data.items)
  }

  releaseItems(connectionId: string): void {
    this.items.release(this.file(connectionId, ITEMS_FILE))
  }

  itemsInMemory(connectionId: string): readonly Item[] | null {
    return this.items.inMemory(this.file(connectionId, ITEMS_FILE))?.data.items ?? null
  }

  readItem(connectionId: string, id: number) {
    return this.item.read(this.file(connectionId, join('items', `${Math.trunc(id)}.json`)))
  }

  async writeItem(connectionId: string, value: CachedEntry<Item>): Promise<void> {
    const dir = await this.dir(connectionId)
    const path = join(dir, 'items', `${Math.trunc(value.data.id)}.json`)
    await this.serial.run(path, () => this.item.write(path, value))
  }

  async knownItemIds(connectionId: string): Promise<number[]> {
    const stored = await this.known.read(this.file(connectionId, KNOWN_IDS_FILE))
    return stored ? stored.ids : []
  }

  async rememberItemIds(connectionId: string, ids: number[]): Promise<void> {
    const fresh = ids.filter((id) => Number.isInteger(id) && id > 0)
    if (fresh.length === 0) return
    const dir = await this.dir(connectionId)
    const path = join(dir, KNOWN_IDS_FILE)
    await this.serial.run(path, async () => {
      const stored = await this.known.read(path)
      const merged = [...new Set([...(stored?.ids ?? []), ...fresh])]
      if (stored && merged.length === stored.ids.length) return
      // Newest ids are kept when the list is full: old ones are the least likely to matter.
      await this.known.write(path, { ids: merged.slice(-MAX_KNOWN_IDS) })
    })
  }

  async forget(connectionId: string): Promise<void> {
    const dir = join(this.root, safeSegment(connectionId))
    await this.serial.run(dir, () => rm(dir, { recursive: true, force: true }))
    this.prepared.delete(connectionId)
  }

  /**
   * Empties every connection's cached catalogue but keeps the item ids learnt from
   * purchases: they cannot be fetched again, they are the seller's own knowledge.
   */
  async clear(): Promise<void> {
    for (const name of await readdirOrEmpty(this.root)) {
      const dir = join(this.root, name)
      for (const child of await readdirOrEmpty(dir)) {
        if (child === KNOWN_IDS_FILE) continue
        await rm(join(dir, child), { recursive: true, force: true })
      }
    }
    this.prepared.clear()
  }

  async totals(): Promise<CatalogueCacheTotals> {
    return sizeOf(this.root)
  }

  private file(connectionId: string, name: string): string {
    return join(this.root, safeSegment(connectionId), name)
  }

  /** Waits for the writes under way; later writes are refused (the app is quitting). */
  async close(): Promise<void> {
    this.closed = true
    await this.serial.idle()
  }

  private async dir(connectionId: string): Promise<string> {
    if (this.closed) throw new Error('The catalogue cache is closed.')
    const dir = join(this.root, safeSegment(connectionId))
    if (!this.prepared.has(connectionId)) {
      await mkdir(join(dir, 'items'), { recursive: true, mode: 0o700 })
      await sweepTempFiles(dir)
      await sweepTempFiles(join(dir, 'items'))
      this.prepared.add(connectionId)
    }
    return dir
  }
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch {
    return []
  }
}

async function sizeOf(dir: string): Promise<CatalogueCacheTotals> {
  let bytes = 0
  let files = 0
  for (const name of await readdirOrEmpty(dir)) {
    if (isTempFileName(name)) continue
    const full = join(dir, name)
    try {
      const s = await stat(full)
      if (s.isDirectory()) {
        const inner = await sizeOf(full)
        bytes += inner.bytes
        files += inner.files
      } else {
        bytes += s.size
        files++
      }
    } catch {
      // Removed while we looked.
    }
  }
  return { bytes, files }
}
