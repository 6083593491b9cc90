import { mkdir } from 'node:fs/promises'
import { createApp, type AppOptions, type SellerDeskApp } from '../main/app'
import { dispatch, type DispatchLog } from '../main/ipc/dispatch'
import { AppFailure } from '../main/ipc/failure'
import { readAppInfo } from './app-info'
import { openInBrowser } from './open-url'
import { defaultRendererDir } from './paths'
import { startHostServer, type HostServer } from './server'

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
  const app = await createApp({
    dataDir: options.dataDir,
    transport: 'browser',
    appInfo: readAppInfo(),
    openExternal,
    ...(options.startDemo ? { startDemo: options.startDemo } : {}),
    ...(options.keychainService ? { keychainService: options.keychainService } : {}),
    ...(options.classifyAddress ? { classifyAddress: options.classifyAddress } : {})
  })
  let server: HostServer
  try {
    server = await startHostServer({
      app,
      rendererDir: options.rendererDir ?? defaultRendererDir,
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(options.log === undefined ? {} : { log: options.log })
    })
  } catch (e) {
    await app.close()
    throw e
  }
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
    close: () => (closing ??= server.close().then(() => app.close()))
  }
}
