import type { AppInfo } from '../../shared/ipc/contract'
import { createBalanceService, type BalanceService } from './balance/service'
import { BulkRunner } from './bulk/runner'
import { FileCatalogueCache } from './cache/catalogue-cache'
import type { CatalogueCache, MediaRegistry } from './catalogue/ports'
import { createCatalogueService } from './catalogue/service'
import type { MarketplaceClientLike, MarketplacePort } from './connections/marketplace-port'
import { createConnectionService } from './connections/service'
import type { DemoServer, DemoServerOptions } from '../demo'
import { createDemoLauncher, type RunningDemo } from './demo-launcher/launcher'
import { createHandlers } from './handlers'
import { HistoryStore } from './history/history-store'
import type { Handlers } from './ipc/dispatch'
import { rememberingKeys } from './logs/known-keys'
import { createLearner } from './lookup/learn'
import { createPurchaseCheck } from './lookup/purchase-check'
import { threadedItemsParser } from './marketplace/items-worker/items-parser'
import { itemsWorkerScript, type WorkerScript } from './marketplace/items-worker/script'
import { createMarketplaceClient } from './marketplace/client'
import { getPacer } from './marketplace/pacer-registry'
import { normaliseBaseUrl } from './marketplace/base-url'
import { hostIsLocal, type ClassifyAddress } from './marketplace/address-class'
import type { MediaTimeouts } from './media/body-guard'
import { MediaCache } from './media/media-cache'
import { pacedMediaFetcher } from './media/paced-fetch'
import { createListPrefetch } from './media/prefetch-runs'
import type { MediaService } from './media/types'
import type { QuickDesktop } from './quick/desktop'
import { createFreshVerdicts } from './quick/fresh-verdicts'
import type { LookupSlots } from './quick/lookup-slots'
import { createQuickLookupService, type QuickLookupService } from './quick/service'
import { withRefreshAfter } from './quick/tray-feed'
import { createUpdateCenter, type UpdateCenter } from './updates/center'
import { createKeytarSecretStore } from './secrets/keytar-store'
import { createMemorySecretStore } from './secrets/memory-store'
import type { SecretStore } from './secrets/types'
import { createSettingsStore } from './settings/store'

export interface AppOptions {
  /** The app's data folder: settings, cache, history. Never holds the key. */
  dataDir: string
  transport: AppInfo['transport']
  appInfo: Omit<AppInfo, 'transport'>
  /** Opens a checked http(s) URL in the system browser; the browser host has none. */
  openExternal?: (url: string) => Promise<void>
  /** Where keys are saved; the OS keychain (keytar) unless given. */
  secretStore?: SecretStore
  /**
   * The keychain service name keys are saved under (default "Seller Desk"). The
   * end-to-end harness gives each test its own, so tests never see each other's keys.
   */
  keychainService?: string
  /** The marketplace client; the real one unless given (tests pass fakes). */
  marketplace?: MarketplacePort
  /** Starts the demo marketplace; the built-in one, in-process, unless given. */
  startDemo?: () => Promise<RunningDemo>
  /** Stand-ins for the durable stores under dataDir (tests pass in-memory ones). */
  cache?: CatalogueCache
  mediaRegistry?: MediaRegistry
  media?: MediaService
  /**
   * How IP addresses are classed for the private-address rule (media is fetched from
   * loopback, private or link-local addresses only for a marketplace on one). Tests let
   * a loopback address stand for a public site; the real classification otherwise.
   */
  classifyAddress?: ClassifyAddress
  /** Media download time limits (tests shorten them); the media cache's defaults otherwise. */
  mediaTimeouts?: Partial<MediaTimeouts>
  log?: { warn(message: string): void; error(message: string, detail?: unknown): void }
  /** The desktop's shortcut, tray and windows (Electron only). */
  desktop?: QuickDesktop
  /** Pending lookups; made before the app when deep links can arrive that early. */
  lookupSlots?: LookupSlots
  /** Whether the system is online (Electron's net.isOnline); unknown otherwise. */
  online?: () => boolean
  /** Filled with every key the secret stores hand out or take, so the log can mask them. */
  keysSeen?: Set<string>
  /**
   * The item list's parse thread program; by default the one beside the app's code
   * (items-worker/script.ts). The bench runs main from source and the built program.
   */
  itemsWorker?: WorkerScript | null
}

export interface SellerDeskApp {
  handlers: Handlers
  /** Serves marketplace media to the renderer (both transports route to it). */
  media: MediaService | null
  /** Quick lookup: the pending-lookup slots and the saved shortcut (start() registers it). */
  quick: QuickLookupService
  /** The balance watch: start() begins reading; desktop glue listens for notifications. */
  balance: BalanceService
  /** Updates and the crash notice, as the window sees them (the glue attaches the policy). */
  updates: UpdateCenter
  /** A bulk check is running or paused part-way: no restart to update now. */
  bulkBusy(): boolean
  close(): Promise<void>
}

/** The real client; a large item list is parsed on a worker thread (marketplace/items-worker). */
const realMarketplace = (
  script: WorkerScript | null,
  log: { warn(message: string): void }
): MarketplacePort => {
  const parseItems = threadedItemsParser({ script, log })
  return {
    createClient: ({ baseUrl, apiKey }): MarketplaceClientLike =>
      createMarketplaceClient({ baseUrl, apiKey, parseItems }),
    normaliseBaseUrl
  }
}

const CONNECTIONS_CHANGED = [
  'addConnection',
  'updateConnection',
  'removeConnection',
  'startDemo'
] as const

/** How often the built-in demo sells something (electron/demo/sales.ts). */
const DEMO_SALES_MS = 30_000

// Loaded on first use: most runs never start the demo. Options (a size, extra items)
// come from the end-to-end harness only.
export const builtInDemo = async (options: DemoServerOptions = {}): Promise<DemoServer> => {
  const { startDemoServer } = await import('../demo')
  // Sales on their own, so "Explore the demo" shows the balance watch within a minute.
  const demo = await startDemoServer({
    mode: 'spec',
    port: 0,
    salesEveryMs: DEMO_SALES_MS,
    ...options
  })
  // The spec-mode demo sends no rate-limit headers and has no limit: without this the
  // pacer would assume a real install's 60 a minute and make the demo feel slow.
  getPacer(demo.baseUrl, { limit: 6000, windowMs: 60_000 })
  return demo
}

/**
 * The composition root: every main-side service is built here and joined to the others,
 * then to the handlers. Both transports (Electron IPC and the browser host) call this, so
 * they serve exactly the same app.
 */
export async function createApp(options: AppOptions): Promise<SellerDeskApp> {
  const log = options.log ?? console
  const { dataDir } = options
  const seen = options.keysSeen
  const remembered = (store: SecretStore): SecretStore =>
    seen ? rememberingKeys(store, seen) : store
  const classify = options.classifyAddress
  const settings = createSettingsStore({ dataDir, log })
  const demo = createDemoLauncher(options.startDemo ?? builtInDemo, log)

  // Media the marketplace's throttle would count share its API's pacer (paced-fetch.ts).
  // The connections are read per request, so a connection added later is paced too.
  const saved = async () => (await settings.read()).connections
  const mediaCache = new MediaCache({
    dataDir,
    fetchMedia: pacedMediaFetcher({
      sites: async () => (await saved()).map((c) => c.baseUrl),
      localOwners: async (owners) =>
        (await saved()).some(
          (c) => owners.includes(c.id) && hostIsLocal(new URL(c.baseUrl).hostname, classify)
        ),
      ...(classify ? { classify } : {})
    }),
    ...(options.mediaTimeouts ? { timeouts: options.mediaTimeouts } : {}),
    log
  })
  const mediaRegistry = options.mediaRegistry ?? mediaCache
  // A stored item list prefetches its media, so the catalogue shows offline.
  const prefetch = createListPrefetch(mediaCache)
  const catalogueFiles = new FileCatalogueCache({
    dataDir,
    log,
    onItemsWritten: (connectionId, items) => prefetch.itemsStored(connectionId, items)
  })
  const cache = options.cache ?? catalogueFiles
  const history = new HistoryStore({ dataDir, log })
  const bulk = new BulkRunner()
  // The latest single checks, so a code handed to the main window is not checked twice.
  const fresh = createFreshVerdicts()
  const lookups = createPurchaseCheck({
    history,
    learn: createLearner({ cache, log }),
    media: mediaRegistry,
    fresh,
    log
  })

  // Made before connections so a removed connection's log can go with it; it reaches them lazily.
  const balance: BalanceService = createBalanceService({
    dataDir,
    settings,
    connections: {
      list: () => connections.list(),
      clientOf: (id) => connections.clientOf(id)
    },
    bulkRunning: () => bulk.running(),
    ...(options.online ? { online: options.online } : {}),
    log
  })

  const connections = createConnectionService({
    settings,
    keychain: remembered(
      options.secretStore ??
        createKeytarSecretStore({
          log,
          ...(options.keychainService ? { service: options.keychainService } : {})
        })
    ),
    session: remembered(createMemorySecretStore()),
    marketplace:
      options.marketplace ??
      realMarketplace(
        options.itemsWorker === undefined ? itemsWorkerScript() : options.itemsWorker,
        log
      ),
    cache,
    // Everything else kept for a removed connection (it forgets its catalogue cache
    // itself). Jobs first: a check finishing later would write its history again.
    keptData: {
      forget: async (connectionId) => {
        await bulk.forget(connectionId)
        await lookups.settled()
        await history.forget(connectionId)
        await balance.forget(connectionId)
        await mediaCache.forget(connectionId)
      }
    },
    demo,
    log
  })
  const catalogue = createCatalogueService({ connections, cache, media: mediaRegistry, log })
  const quick = createQuickLookupService({
    settings,
    platform: options.appInfo.platform,
    freshVerdict: async (code) => fresh.find(await connections.activeConnectionId(), code),
    ...(options.desktop ? { desktop: options.desktop } : {}),
    ...(options.lookupSlots ? { slots: options.lookupSlots } : {})
  })

  const updates = createUpdateCenter({ settings, bulkRunning: () => bulk.busy() })

  const allHandlers = createHandlers({
    appInfo: options.appInfo,
    transport: options.transport,
    dataDir,
    connections,
    catalogue,
    lookups,
    history,
    bulk,
    media: mediaCache,
    catalogueFiles,
    settings,
    quick: quick.handlers,
    balance: balance.handlers,
    updates: updates.handlers,
    demoSampleCodes: () => demo.sampleCodes(),
    ...(options.openExternal ? { openExternal: options.openExternal } : {})
  })
  // The watch looks at the connections again as soon as they change.
  const handlers = withRefreshAfter(allHandlers, CONNECTIONS_CHANGED, () => balance.wake())
  return {
    handlers,
    media: options.media ?? mediaCache,
    quick,
    balance,
    updates,
    bulkBusy: () => bulk.busy(),
    // Stops background work (a catalogue refresh is cancelled) and waits for every write
    // under way (checks being learnt, media files and index, catalogue files, history
    // appends): the data folder is complete, and removable, once close() is done.
    close: async () => {
      prefetch.stop()
      await balance.close()
      await bulk.close()
      await lookups.settled()
      // A refresh under way would otherwise fetch, parse and write on after close.
      await catalogue.close()
      await mediaCache.close()
      await catalogueFiles.close()
      await history.close()
      await demo.close()
    }
  }
}
