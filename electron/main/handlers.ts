import type { AppInfo } from '../../shared/ipc/contract'
import { catalogueHandlers } from './catalogue/handlers'
import type { CatalogueService } from './catalogue/service'
import { connectionHandlers } from './connections/handlers'
import type { ConnectionService } from './connections/service'
import type { Handlers } from './ipc/dispatch'
import { shellHandlers } from './ipc/shell-handlers'
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
}

/** The handlers both transports serve, composed from one group per service. */
export function createHandlers(ctx: HandlerContext): Handlers {
  return {
    getAppInfo: async () => ({ ...ctx.appInfo, transport: ctx.transport }),
    ...connectionHandlers(ctx.connections),
    ...catalogueHandlers(ctx.catalogue),
    ...settingsHandlers(ctx.settings),
    ...shellHandlers(ctx.openExternal)
  }
}
