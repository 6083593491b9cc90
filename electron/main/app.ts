import type { AppInfo } from '../../shared/ipc/contract'
import { createHandlers } from './handlers'
import type { Handlers } from './ipc/dispatch'
import type { MediaService } from './media/types'

export interface AppOptions {
  /** The app's data folder: settings, cache, history. Never holds the key. */
  dataDir: string
  transport: AppInfo['transport']
  appInfo: Omit<AppInfo, 'transport'>
  /** Opens a checked http(s) URL in the system browser; the browser host has none. */
  openExternal?: (url: string) => Promise<void>
}

export interface SellerDeskApp {
  handlers: Handlers
  /** Serves marketplace media to the renderer (both transports route to it). */
  media: MediaService | null
  close(): Promise<void>
}

/**
 * Builds every main-side service and the handlers over them. Both transports (Electron
 * IPC and the browser host) call this, so they serve exactly the same app.
 */
export async function createApp(options: AppOptions): Promise<SellerDeskApp> {
  const handlers = createHandlers({ appInfo: options.appInfo, transport: options.transport })
  return { handlers, media: null, close: async () => {} }
}
