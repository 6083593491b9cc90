import type { AppInfo, SampleCodes } from '../../shared/ipc/contract'
import type { OfflineHandlers } from './cache/offline'
import { catalogueHandlers } from './catalogue/handlers'
import type { CatalogueService } from './catalogue/service'
import { connectionHandlers } from './connections/handlers'
import type { ConnectionService } from './connections/service'
import type { Handlers } from './ipc/dispatch'
import { shellHandlers } from './ipc/shell-handlers'
import type { QuickHandlers } from './quick/service'
import { settingsHandlers } from './settings/handlers'
import type { SettingsStore } from './settings/store'

export interface HandlerContext {
  appInfo: Omit<AppInfo, 'transport'>
  transport: AppInfo['transport']
  connections: ConnectionService
  catalogue: CatalogueService
  settings: SettingsStore
  /** Receives only URLs that passed `safeExternalUrl`. */
  openExternal?: (url: string) => Promise<void>
  /** The demo's sample codes; asked only while the demo is the active connection. */
  demoSampleCodes?: () => Promise<SampleCodes | null>
  /** History, bulk checks, media and cache channels (cache/offline.ts); validatePurchase wraps the catalogue's. */
  offline: (catalogueValidate: Handlers['validatePurchase']) => OfflineHandlers
  /** Quick lookup: shortcut and tray settings, the windows' pending lookups. */
  quick: QuickHandlers
}

/** The handlers both transports serve, composed from one group per service. */
export function createHandlers(ctx: HandlerContext): Handlers {
  // The catalogue's purchase check is not served as it is: the offline services wrap it
  // (history, learnt items), and theirs is the one channel.
  const { validatePurchase: catalogueValidate, ...catalogue } = catalogueHandlers(ctx.catalogue)
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
    ...catalogue,
    ...settingsHandlers(ctx.settings),
    ...shellHandlers(ctx.openExternal),
    ...ctx.quick,
    ...ctx.offline(catalogueValidate)
  }
}
