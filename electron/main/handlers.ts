import type { AppInfo, SampleCodes } from '../../shared/ipc/contract'
import { bulkHandlers } from './bulk/handlers'
import type { BulkRunner } from './bulk/runner'
import type { FileCatalogueCache } from './cache/catalogue-cache'
import { catalogueHandlers } from './catalogue/handlers'
import type { CatalogueService } from './catalogue/service'
import { connectionHandlers } from './connections/handlers'
import type { ConnectionService } from './connections/service'
import { historyHandlers } from './history/handlers'
import type { HistoryStore } from './history/history-store'
import type { Handlers } from './ipc/dispatch'
import { shellHandlers } from './ipc/shell-handlers'
import { lookupHandlers } from './lookup/handlers'
import type { PurchaseCheck } from './lookup/purchase-check'
import { mediaHandlers } from './media/handlers'
import type { MediaCache } from './media/media-cache'
import type { QuickHandlers } from './quick/service'
import type { BalanceHandlers } from './balance/handlers'
import { settingsHandlers } from './settings/handlers'
import type { SettingsStore } from './settings/store'
import type { UpdateHandlers } from './updates/center'

/** The services app.ts built, as the handlers reach them. */
export interface HandlerContext {
  appInfo: Omit<AppInfo, 'transport'>
  transport: AppInfo['transport']
  dataDir: string
  connections: ConnectionService
  catalogue: CatalogueService
  /** The one purchase check: Validate, the lookup window and bulk jobs. */
  lookups: PurchaseCheck
  history: HistoryStore
  bulk: BulkRunner
  media: MediaCache
  /** The durable catalogue files, for the cache's size and Clear in Settings. */
  catalogueFiles: FileCatalogueCache
  settings: SettingsStore
  /** Quick lookup: shortcut and tray settings, the windows' pending lookups. */
  quick: QuickHandlers
  /** The balance watch's settings, chart series, CSV and notices. */
  balance: BalanceHandlers
  /** The update banner, Settings → Updates and the crash notice. */
  updates: UpdateHandlers
  /** Receives only URLs that passed `safeExternalUrl`. */
  openExternal?: (url: string) => Promise<void>
  /** The demo's sample codes; asked only while the demo is the active connection. */
  demoSampleCodes?: () => Promise<SampleCodes | null>
}

/** The handlers both transports serve: one group per service, each channel in one group. */
export function createHandlers(ctx: HandlerContext): Handlers {
  return {
    getAppInfo: async () => ({ ...ctx.appInfo, transport: ctx.transport }),
    ...connectionHandlers(ctx.connections),
    getSampleCodes: async () => {
      // A real marketplace's codes are the seller's buyers': only the demo has samples.
      const { connections, activeId } = await ctx.connections.list()
      const active = connections.find((c) => c.id === activeId)
      if (!active?.isDemo || !ctx.demoSampleCodes) return null
      return ctx.demoSampleCodes()
    },
    ...catalogueHandlers(ctx.catalogue, ctx.lookups.settled, async () => {
      const { lastView, activeId } = await ctx.settings.read()
      return lastView === 'items' && activeId !== null
    }),
    ...lookupHandlers(ctx.connections, ctx.lookups),
    ...bulkHandlers(ctx.bulk, ctx.connections, ctx.lookups),
    ...historyHandlers(ctx.history, ctx.connections),
    ...mediaHandlers(ctx.media, ctx.catalogueFiles, ctx.dataDir, ctx.lookups.settled),
    ...settingsHandlers(ctx.settings),
    ...shellHandlers(ctx.openExternal),
    ...ctx.quick,
    ...ctx.balance,
    ...ctx.updates
  }
}
