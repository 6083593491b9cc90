import { mkdir } from 'node:fs/promises'
import type { SellerDeskApp } from '../main/app'
import type { DispatchLog } from '../main/ipc/dispatch'
import { lockDataFolder } from '../main/storage/folder-lock'
import type { HostAppOptions, MadeHostApp } from './host-app'
import { defaultRendererDir } from './paths'
import { startHostServer, type HostServer } from './server'

export interface LaunchOptions extends HostAppOptions {
  rendererDir?: string
  port?: number
  token?: string
  log?: DispatchLog
  /**
   * Called once the host listens, before the app behind it is ready: the address can be
   * printed and opened while the app's code loads (the page's first questions wait for it).
   */
  onListening?: (server: HostServer) => void
}

export interface RunningHost {
  app: SellerDeskApp
  server: HostServer
  /** Error message when --demo was asked for and could not start; null otherwise. */
  demoProblem: string | null
  close(): Promise<void>
}

/**
 * The whole browser host: the same app the desktop build runs (createApp) behind the
 * loopback HTTP server. The CLI and the end-to-end harness both start it through here.
 * It listens first and loads the app after (host-app.ts and everything it imports, most
 * of a start): Node loads that code while the browser starts and fetches the page, not
 * before. Resolves once the app is ready; a start that fails closes the server again.
 */
export async function launchHost(options: LaunchOptions): Promise<RunningHost> {
  await mkdir(options.dataDir, { recursive: true })
  // Before anything reads or writes the folder; throws FolderInUse naming the running one.
  const lock = await lockDataFolder(options.dataDir, { kind: 'browser', address: null })
  // Set by the server as it begins to listen (the cast keeps TypeScript from narrowing it to null).
  let made = null as Promise<MadeHostApp> | null
  let server: HostServer
  try {
    server = await startHostServer({
      app: () =>
        (made = import('./host-app').then((m) => m.makeHostApp(options))).then((m) => m.app),
      instance: lock.instance,
      rendererDir: options.rendererDir ?? defaultRendererDir,
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(options.log === undefined ? {} : { log: options.log })
    })
  } catch (e) {
    await lock.release()
    throw e
  }
  // Before the app's code has loaded (the server started making it as it began to listen).
  options.onListening?.(server)
  let app: MadeHostApp
  try {
    await lock.update({ kind: 'browser', address: server.baseUrl })
    app = await made!
  } catch (e) {
    await server.close()
    await made?.then(
      (m) => m.app.close(),
      () => {}
    )
    await lock.release()
    throw e
  }
  let closing: Promise<void> | null = null
  return {
    app: app.app,
    server,
    demoProblem: app.demoProblem,
    close: () =>
      (closing ??= server
        .close()
        .then(() => app.app.close())
        .finally(() => lock.release()))
  }
}
