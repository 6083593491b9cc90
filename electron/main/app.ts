import type { AppInfo } from '../../shared/ipc/contract'
import { createHandlers } from './handlers'
import type { Handlers } from './ipc/dispatch'

export interface AppOptions {
  /** The app's data folder: settings, cache, history. Never holds the key. */
  dataDir: string
  transport: AppInfo['transport']
  appInfo: Omit<AppInfo, 'transport'>
}

export interface SellerDeskApp {
  handlers: Handlers
  close(): Promise<void>
}

/**
 * Builds every main-side service and the handlers over them. Both transports (Electron
 * IPC and the browser host) call this, so they serve exactly the same app.
 */
export async function createApp(options: AppOptions): Promise<SellerDeskApp> {
  const handlers = createHandlers({ appInfo: options.appInfo, transport: options.transport })
  return { handlers, close: async () => {} }
}
