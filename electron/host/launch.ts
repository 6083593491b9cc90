import { mkdir } from 'node:fs/promises'
import { createApp, type AppOptions, type SellerDeskApp } from '../main/app'
import { dispatch, type DispatchLog } from '../main/ipc/dispatch'
import { AppFailure } from '../main/ipc/failure'
import { lockDataFolder } from '../main/storage/folder-lock'
import { readAppInfo } from './app-info'
import { openInBrowser } from './open-url'
import { defaultRendererDir } from './paths'
import { startHostServer, type HostServer } from './server'
import { warmFirstScreen } from './warm-start'

export interface LaunchOptions {
  dataDir: string
  rendererDir?: string
  port?: number
  token?: string
  /** Connect to the built-in demo marketplace at once. */
  demo?: boolean
  /** Starts the demo marketplace; the built-in one unless given (tests keep a handle on theirs). */
  startDemo?: AppOptions['startDemo']
  /** Keychain service name; the app's usual one unless given (tests keep theirs apart). */
  keychainService?: string
  /** How IP addresses are classed for the private-address rule (tests only). */
  classifyAddress?: AppOptions['classifyAddress']
  /** Where keys are saved; the OS keychain unless given (tests stand in a missing or locked one). */
  secretStore?: AppOptions['secretStore']
  /** Media download time limits; the app's defaults unless given (tests shorten them). */
  mediaTimeouts?: AppOptions['mediaTimeouts']
  log?: DispatchLog
}

export interface RunningHost {
  app: SellerDeskApp
  server: HostServer
  /** Error message when --demo was asked for and could not start; null otherwise. */
  demoProblem: string | null
  close(): Promise<void>
}

async function openExternal(url: string): Promise<void> {
  if (!(await openInBrowser(url))) {
    throw new AppFailure(
      'internal',
      'Seller Desk could not open your browser. Copy the link and open it yourself.'
    )
  }
}

/**
 * The whole browser host: the same app the desktop build runs (createApp) behind the
 * loopback HTTP server. The CLI and the end-to-end harness both start it through here.
 */
export async function launchHost(options: LaunchOptions): Promise<RunningHost> {
  await mkdir(options.dataDir, { recursive: true })
  // Before anything reads or writes the folder; throws FolderInUse naming the running one.
  const lock = await lockDataFolder(options.dataDir, { kind: 'browser', address: null })
  let app: SellerDeskApp
  try {
    app = await createApp({
      dataDir: options.dataDir,
      transport: 'browser',
      appInfo: readAppInfo(),
      openExternal,
      ...(options.startDemo ? { startDemo: options.startDemo } : {}),
      ...(options.keychainService ? { keychainService: options.keychainService } : {}),
      ...(options.secretStore ? { secretStore: options.secretStore } : {}),
      ...(options.mediaTimeouts ? { mediaTimeouts: options.mediaTimeouts } : {}),
      ...(options.classifyAddress ? { classifyAddress: options.classifyAddress } : {})
    })
  } catch (e) {
    await lock.release()
    throw e
  }
  let server: HostServer
  try {
    server = await startHostServer({
      app,
      instance: lock.instance,
      rendererDir: options.rendererDir ?? defaultRendererDir,
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(options.log === undefined ? {} : { log: options.log })
    })
    await lock.update({ kind: 'browser', address: server.baseUrl })
  } catch (e) {
    await app.close()
    await lock.release()
    throw e
  }
  // While the browser opens and loads the page.
  void warmFirstScreen(app)
  // The page shows the watch's notices itself (Web Notifications): main only reads and logs.
  app.balance.start()
  let demoProblem: string | null = null
  if (options.demo) {
    const started = await dispatch(app.handlers, 'startDemo', undefined, options.log)
    if (!started.ok) demoProblem = started.error.message
  }
  let closing: Promise<void> | null = null
  return {
    app,
    server,
    demoProblem,
    close: () =>
      (closing ??= server
        .close()
        .then(() => app.close())
        .finally(() => lock.release()))
  }
}
