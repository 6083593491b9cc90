import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { SellerDeskApp } from '../../electron/main/app'
import { createMemorySecretStore } from '../../electron/main/secrets/memory-store'
import type { SecretStore } from '../../electron/main/secrets/types'
import { readAppInfo } from '../../electron/host/app-info'
import { defaultRendererDir, repoRoot } from '../../electron/host/paths'
import {
  itemsWorkerScript,
  type WorkerScript
} from '../../electron/main/marketplace/items-worker/script'
import { startHostServer, type HostServer } from '../../electron/host/server'
import { rendererIsBuilt } from '../../electron/host/build-renderer'
import { warmFirstScreen } from '../../electron/host/warm-start'
import { NotMeasurable } from './types'

export interface BenchHost {
  server: HostServer
  handlers: SellerDeskApp['handlers']
  close(): Promise<void>
}

const quiet = { warn: () => {}, error: () => {} }

export function requireRenderer(): void {
  if (!rendererIsBuilt(defaultRendererDir)) {
    throw new NotMeasurable(
      `the renderer is not built (${defaultRendererDir}): run "npm run build" first`
    )
  }
}

/** The app the browser host serves, without the HTTP server (main-side measures and set-up). */
export async function createBenchApp(
  dataDir: string,
  secretStore: SecretStore
): Promise<SellerDeskApp> {
  // Loaded here, not with this file: a spawned host listens before the app's code loads.
  const { createApp } = await import('../../electron/main/app')
  return createApp({
    dataDir,
    transport: 'browser',
    appInfo: readAppInfo(),
    secretStore,
    log: quiet,
    itemsWorker: builtItemsWorker()
  })
}

/**
 * The parse thread as the app ships it, built (out/host), not worker.ts compiled by tsx as
 * the thread starts (a second of CPU on the other core, in the middle of the refresh).
 */
function builtItemsWorker(): WorkerScript {
  const built = itemsWorkerScript(join(repoRoot, 'out/host'))
  if (!built || built.typescript)
    throw new NotMeasurable('the parse thread is not built (out/host): run "npm run build" first')
  return built
}

/**
 * The bench app of a child process: the key arrives on stdin (one line) in place of the
 * keychain, for the connection the warm profile holds.
 */
export async function createBenchAppKeyOnStdin(
  dataDir: string,
  connectionId: string
): Promise<SellerDeskApp> {
  const lines = createInterface({ input: process.stdin })
  const key = await new Promise<string>((resolve) => lines.once('line', resolve))
  lines.close()
  const secretStore = createMemorySecretStore()
  await secretStore.set(connectionId, key.trim())
  return createBenchApp(dataDir, secretStore)
}

/**
 * The browser host started in this process, as electron/host/launch.ts does: the server
 * listens first (`onListening` has the address), then the app is made (its code loaded,
 * in a spawned host) with its durable offline stores under dataDir, then the first
 * screen's data is read while the page loads. One difference: a secret store the caller
 * keeps across restarts stands in for the OS keychain, so the bench neither needs nor
 * touches the user's keychain.
 */
export async function startBenchHost(
  dataDir: string,
  secretStore: SecretStore,
  onListening?: (server: HostServer) => void
): Promise<BenchHost> {
  requireRenderer()
  // Set by the server as it begins to listen.
  let made = null as Promise<SellerDeskApp> | null
  const server = await startHostServer({
    app: () => (made = createBenchApp(dataDir, secretStore)),
    rendererDir: defaultRendererDir,
    log: quiet
  })
  onListening?.(server)
  let app: SellerDeskApp
  try {
    app = await made!
  } catch (e) {
    await server.close()
    throw e
  }
  void warmFirstScreen(app)
  let closing: Promise<void> | null = null
  return {
    server,
    handlers: app.handlers,
    close: () => (closing ??= server.close().then(() => app.close()))
  }
}
