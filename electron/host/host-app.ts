import { createApp, type AppOptions, type SellerDeskApp } from '../main/app'
import { dispatch, type DispatchLog } from '../main/ipc/dispatch'
import { AppFailure } from '../main/ipc/failure'
import { readAppInfo } from './app-info'
import { openInBrowser } from './open-url'
import { warmFirstScreen } from './warm-start'

/** What the browser host asks of the app it serves (launch.ts's options, minus the server's). */
export interface HostAppOptions {
  dataDir: string
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

export interface MadeHostApp {
  app: SellerDeskApp
  /** Error message when the demo was asked for and could not start; null otherwise. */
  demoProblem: string | null
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
 * The app the desktop build runs (createApp), made for the browser host: this module and
 * all it brings are loaded once the host listens (launch.ts), while the page loads.
 */
export async function makeHostApp(options: HostAppOptions): Promise<MadeHostApp> {
  const app = await createApp({
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
  // While the browser loads the page.
  void warmFirstScreen(app)
  // The page shows the watch's notices itself (Web Notifications): main only reads and logs.
  app.balance.start()
  let demoProblem: string | null = null
  if (options.demo) {
    const started = await dispatch(app.handlers, 'startDemo', undefined, options.log)
    if (!started.ok) demoProblem = started.error.message
  }
  return { app, demoProblem }
}
