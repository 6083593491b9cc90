import type { AppInfo } from '../../shared/ipc/contract'
import type { Handlers } from './ipc/dispatch'
import { AppFailure } from './ipc/failure'

export interface HandlerContext {
  appInfo: Omit<AppInfo, 'transport'>
  transport: AppInfo['transport']
}

const notYet = (): Promise<never> =>
  Promise.reject(new AppFailure('internal', 'This part of Seller Desk is not built yet.'))

/** The handlers both transports serve. Services are passed in so tests can use their own. */
export function createHandlers(ctx: HandlerContext): Handlers {
  return {
    getAppInfo: async () => ({ ...ctx.appInfo, transport: ctx.transport }),
    listConnections: notYet,
    testConnection: notYet,
    addConnection: notYet,
    updateConnection: notYet,
    removeConnection: notYet,
    setActiveConnection: notYet,
    startDemo: notYet,
    getAccount: notYet,
    listItems: notYet,
    getItem: notYet,
    validatePurchase: notYet,
    getSettings: async () => ({ theme: 'system' }),
    setTheme: async (req) => ({ theme: req.theme }),
    openExternal: notYet
  }
}
