import type { Validation } from '../../../shared/ipc/contract'
import type { Item } from '../../../shared/model'
import { bulkHandlers, type BulkHandlers } from '../bulk/handlers'
import { BulkRunner, type BulkJobDeps } from '../bulk/runner'
import type { PurchaseAnswer } from '../../../shared/verdict'
import type { MarketplaceClientLike } from '../connections/marketplace-port'
import { historyHandlers, type HistoryHandlers } from '../history/handlers'
import { HistoryStore } from '../history/history-store'
import type { Handlers } from '../ipc/dispatch'
import { AppFailure } from '../ipc/failure'
import type { CallOptions } from '../marketplace'
import type { Pacer } from '../marketplace/pacer'
import { mediaHandlers, type MediaHandlers } from '../media/handlers'
import type { MediaTimeouts } from '../media/body-guard'
import { MediaCache, type MediaFetcher } from '../media/media-cache'
import { FileCatalogueCache } from './catalogue-cache'
import type { StoreLog } from './versioned-file'

export interface OfflineServicesOptions {
  dataDir: string
  /** Fetches media without the key: media/paced-fetch.ts (address-guarded, paced on /api/). */
  fetchMedia: MediaFetcher
  mediaLimitBytes?: number
  /** Media body time limits; the media cache's defaults unless given. */
  mediaTimeouts?: Partial<MediaTimeouts>
  log?: StoreLog
}

/** What the offline services need from the connection service, resolved per call. */
export interface ActiveConnectionSource {
  activeClient(): Promise<{ connectionId: string; client: MarketplaceClientLike }>
  list(): Promise<{ activeId: string | null }>
}

export type OfflineHandlers = HistoryHandlers &
  BulkHandlers &
  MediaHandlers &
  Pick<Handlers, 'validatePurchase'>

/**
 * Preview images and screenshots are prefetched only while the media cache is under half
 * its limit: the other half stays for thumbnails, what the seller opens and kept video.
 */
export const GALLERY_FILL_RATIO = 0.5

function thumbnailsOf(items: readonly Item[]): string[] {
  return items.map((i) => i.media.thumbnail).filter((u): u is string => u !== null)
}

/** Preview image, then screenshots, item by item (video and audio are never prefetched). */
function galleryOf(items: readonly Item[]): string[] {
  return items.flatMap((i) => [
    ...(i.media.preview_image !== null ? [i.media.preview_image] : []),
    ...i.media.screenshots
  ])
}

interface PrefetchRun {
  connectionId: string
  kind: 'thumbnails' | 'gallery'
}

/**
 * One prefetch run per connection and kind at a time: a list stored again while its run
 * is under way (a refresh) is fetched when that run ends, so refreshes never stack up
 * concurrent runs. Only the latest list waits; earlier waiting ones are superseded.
 */
class PrefetchRuns {
  private readonly running = new Map<string, { next: string[] | null }>()

  constructor(private readonly run: (urls: string[], run: PrefetchRun) => Promise<unknown>) {}

  start(run: PrefetchRun, urls: string[]): void {
    const key = `${run.kind} ${run.connectionId}`
    const busy = this.running.get(key)
    if (busy) {
      busy.next = urls
      return
    }
    const slot: { next: string[] | null } = { next: null }
    this.running.set(key, slot)
    void (async () => {
      let todo: string[] | null = urls
      while (todo !== null) {
        await this.run(todo, run).catch(() => {})
        todo = slot.next
        slot.next = null
      }
      this.running.delete(key)
    })()
  }
}

/** Records a checked code and what it teaches (the catalogue service's `learn`). */
export type Learn = (connectionId: string, validation: Validation) => Promise<void>

/** The real client takes call options and exposes its pacer; test doubles may not. */
type PacedClient = MarketplaceClientLike & {
  pacer: Pacer
  validatePurchase(code: string, options?: CallOptions): Promise<PurchaseAnswer>
}
function isPaced(client: MarketplaceClientLike): client is PacedClient {
  const pacer = (client as { pacer?: unknown }).pacer
  return (
    typeof pacer === 'object' &&
    pacer !== null &&
    typeof (pacer as { state?: unknown }).state === 'function'
  )
}

/**
 * The durable offline stores (catalogue cache, media cache, lookup history) and bulk
 * validation, built together because they feed each other: a stored item list prefetches
 * its thumbnails, a bulk check is recorded in history and teaches item ids.
 */
export function createOfflineServices(options: OfflineServicesOptions) {
  const log = options.log ?? console
  const media = new MediaCache({
    dataDir: options.dataDir,
    fetchMedia: options.fetchMedia,
    ...(options.mediaLimitBytes !== undefined ? { limitBytes: options.mediaLimitBytes } : {}),
    ...(options.mediaTimeouts ? { timeouts: options.mediaTimeouts } : {}),
    log
  })
  const prefetching = new AbortController()
  const prefetch = new PrefetchRuns((urls, run) =>
    media.prefetch(urls, {
      concurrency: 4,
      signal: prefetching.signal,
      owner: run.connectionId,
      ...(run.kind === 'gallery' ? { priority: 'low', fillRatio: GALLERY_FILL_RATIO } : {})
    })
  )
  const cache = new FileCatalogueCache({
    dataDir: options.dataDir,
    log,
    onItemsWritten: (connectionId, items) => {
      // Both start now; the media cache holds gallery downloads back while thumbnails run.
      prefetch.start({ connectionId, kind: 'thumbnails' }, thumbnailsOf(items))
      prefetch.start({ connectionId, kind: 'gallery' }, galleryOf(items))
    }
  })
  const history = new HistoryStore({ dataDir: options.dataDir, log })
  const bulk = new BulkRunner()

  /**
   * Handlers for the offline channels. `validatePurchase` wraps the catalogue's own so its
   * answer carries what history knew about the code (previous check, "was valid" flag).
   * `learn` is the catalogue's too: a code checked in bulk teaches exactly what one checked
   * alone does (known item ids, cached item, allowed media, history).
   */
  function handlers(
    connections: ActiveConnectionSource,
    validatePurchase: Handlers['validatePurchase'],
    learn: Learn
  ): OfflineHandlers {
    // History belongs to a connection even when its key is missing: no keychain read here.
    const activeConnectionId = async (): Promise<string> => {
      const { activeId } = await connections.list()
      if (activeId === null)
        throw new AppFailure(
          'no-connection',
          'Connect to a marketplace first: history is kept per connection.'
        )
      return activeId
    }
    const depsForActive = async (): Promise<BulkJobDeps> => {
      const { connectionId, client } = await connections.activeClient()
      return {
        connectionId,
        validate: (code, signal) =>
          isPaced(client)
            ? client.validatePurchase(code, { signal, priority: 'bulk' })
            : client.validatePurchase(code),
        record: async (validation) => {
          await learn(connectionId, validation)
          return history.annotate(validation)
        },
        throttledUntil: () => (isPaced(client) ? client.pacer.state().throttledUntil : null)
      }
    }
    return {
      ...historyHandlers(history, activeConnectionId),
      ...bulkHandlers(bulk, depsForActive),
      ...mediaHandlers(media, cache, options.dataDir),
      validatePurchase: async (request) => history.annotate(await validatePurchase(request))
    }
  }

  return {
    cache,
    media,
    history,
    bulk,
    handlers,
    /**
     * Everything kept for a removed connection except its catalogue cache (the connection
     * service forgets that itself): bulk jobs, lookup history, media files and allow-list.
     */
    async forget(connectionId: string): Promise<void> {
      // Jobs first: a check finishing later would write its history again.
      await bulk.forget(connectionId)
      await history.forget(connectionId)
      await media.forget(connectionId)
    },
    /**
     * Stops background work and waits for every write under way (media files and index,
     * catalogue files, history appends): once it resolves nothing more is written.
     */
    async close(): Promise<void> {
      prefetching.abort()
      await bulk.close()
      await media.close()
      await cache.close()
      await history.close()
    }
  }
}

export type OfflineServices = ReturnType<typeof createOfflineServices>
