import type { AppInfo } from '../../shared/ipc/contract'
import { createOfflineServices } from './cache/offline'
import type { CatalogueCache, LookupRecorder, MediaRegistry } from './catalogue/ports'
import { createCatalogueService } from './catalogue/service'
import type { MarketplaceClientLike, MarketplacePort } from './connections/marketplace-port'
import { createConnectionService } from './connections/service'
import type { DemoServer, DemoServerOptions } from './demo'
import { createDemoLauncher, type RunningDemo } from './demo-launcher/launcher'
import { createHandlers } from './handlers'
import type { Handlers } from './ipc/dispatch'
import {
  createMarketplaceClient,
  getPacer,
  normaliseBaseUrl,
  normalisePurchaseCode
} from './marketplace'
import { hostIsLocal, type ClassifyAddress } from './marketplace/address-class'
import { pacedMediaFetcher } from './media/paced-fetch'
import type { MediaTimeouts } from './media/body-guard'
import type { MediaService } from './media/types'
import type { QuickDesktop } from './quick/desktop'
import { createFreshVerdicts } from './quick/fresh-verdicts'
import type { LookupSlots } from './quick/lookup-slots'
import { createQuickLookupService, type QuickLookupService } from './quick/service'
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
  recorder?: LookupRecorder
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
}

export interface SellerDeskApp {
  handlers: Handlers
  /** Serves marketplace media to the renderer (both transports route to it). */
  media: MediaService | null
  /** Quick lookup: the pending-lookup slots and the saved shortcut (start() registers it). */
  quick: QuickLookupService
  close(): Promise<void>
}

const realMarketplace: MarketplacePort = {
  createClient: ({ baseUrl, apiKey }): MarketplaceClientLike =>
    createMarketplaceClient({ baseUrl, apiKey }),
  normaliseBaseUrl
}

// Loaded on first use: most runs never start the demo. Options (a size, extra items)
// come from the end-to-end harness only.
export const builtInDemo = async (options: DemoServerOptions = {}): Promise<DemoServer> => {
  const { startDemoServer } = await import('./demo')
  const demo = await startDemoServer({ mode: 'spec', port: 0, ...options })
  // The spec-mode demo sends no rate-limit headers and has no limit: without this the
  // pacer would assume a real install's 60 a minute and make the demo feel slow.
  getPacer(demo.baseUrl, { limit: 6000, windowMs: 60_000 })
  return demo
}

/**
 * Builds every main-side service and the handlers over them. Both transports (Electron
 * IPC and the browser host) call this, so they serve exactly the same app.
 */
export async function createApp(options: AppOptions): Promise<SellerDeskApp> {
  const log = options.log ?? console
  const classify = options.classifyAddress
  const settings = createSettingsStore({ dataDir: options.dataDir, log })
  // Catalogue and media cache, lookup history, bulk checks: durable, under dataDir.
  // Media the marketplace's throttle would count share its API's pacer (paced-fetch.ts);
  // the sites are read per request, so a connection added later is paced too.
  const offline = createOfflineServices({
    dataDir: options.dataDir,
    fetchMedia: pacedMediaFetcher({
      sites: async () => (await connections.list()).connections.map((c) => c.baseUrl),
      localOwners: async (owners) =>
        (await connections.list()).connections.some(
          (c) => owners.includes(c.id) && hostIsLocal(new URL(c.baseUrl).hostname, classify)
        ),
      ...(options.classifyAddress ? { classify: options.classifyAddress } : {})
    }),
    ...(options.mediaTimeouts ? { mediaTimeouts: options.mediaTimeouts } : {}),
    log
  })
  const cache = options.cache ?? offline.cache
  const demo = createDemoLauncher(options.startDemo ?? builtInDemo, log)
  const connections = createConnectionService({
    settings,
    keychain:
      options.secretStore ??
      createKeytarSecretStore({
        log,
        ...(options.keychainService ? { service: options.keychainService } : {})
      }),
    session: createMemorySecretStore(),
    marketplace: options.marketplace ?? realMarketplace,
    cache,
    keptData: offline,
    demo,
    log
  })
  const catalogue = createCatalogueService({
    connections,
    cache,
    recorder: options.recorder ?? offline.history,
    media: options.mediaRegistry ?? offline.media,
    normalisePurchaseCode: (raw) => normalisePurchaseCode(raw).code,
    log
  })
  // The latest single checks, so a code handed to the main window is not checked twice.
  const fresh = createFreshVerdicts()
  const activeId = async (): Promise<string | null> => (await connections.list()).activeId
  const quick = createQuickLookupService({
    settings,
    platform: options.appInfo.platform,
    freshVerdict: async (code) => {
      const id = await activeId()
      return id === null ? null : fresh.find(id, code)
    },
    ...(options.desktop ? { desktop: options.desktop } : {}),
    ...(options.lookupSlots ? { slots: options.lookupSlots } : {})
  })
  const served = createHandlers({
    appInfo: options.appInfo,
    transport: options.transport,
    connections,
    catalogue,
    settings,
    demoSampleCodes: () => demo.sampleCodes(),
    ...(options.openExternal ? { openExternal: options.openExternal } : {}),
    offline: (validate) => offline.handlers(connections, validate, catalogue.learn),
    quick: quick.handlers
  })
  const handlers: Handlers = {
    ...served,
    validatePurchase: async (request) => {
      // The connection asked, not the one active when the answer comes back.
      const id = await activeId()
      const validation = await served.validatePurchase(request)
      if (id !== null) fresh.remember(id, validation)
      return validation
    }
  }
  return {
    handlers,
    media: options.media ?? offline.media,
    quick,
    // Waits for every write under way (media, cache, history) before it resolves: the
    // data folder is complete, and removable, once close() is done.
    close: async () => {
      await offline.close()
      await demo.close()
    }
  }
}
