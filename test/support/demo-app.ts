import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, type SellerDeskApp } from '../../electron/main/app'
import { startDemoServer, type DemoServer } from '../../electron/demo'
import type { FileCatalogueCache } from '../../electron/main/cache/catalogue-cache'
import { dispatch } from '../../electron/main/ipc/dispatch'
import { createMemorySecretStore } from '../../electron/main/secrets/memory-store'

const quiet = { warn: () => {}, error: () => {} }

export interface DemoApp {
  demo: DemoServer
  dataDir: string
  app: SellerDeskApp
  /** A handler called as the renderer calls it. */
  call: (method: string, request?: unknown) => ReturnType<typeof dispatch>
  /** The connection to the demo, added and listed once. */
  connectionId: string
}

/**
 * The whole app (browser transport, a memory key store) connected to a spec demo of `size`
 * items whose list it has fetched and saved once, on `cache` when given. Each thing it
 * starts is undone by a function pushed onto `cleanups`, to run in reverse.
 */
export async function demoAppWithList(
  cleanups: Array<() => Promise<unknown>>,
  options: { size: number; cache?: (dataDir: string) => FileCatalogueCache }
): Promise<DemoApp> {
  const demo = await startDemoServer({ mode: 'spec', size: options.size, port: 0 })
  cleanups.push(() => demo.close())
  const dataDir = await mkdtemp(join(tmpdir(), 'sd-demo-app-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const cache = options.cache?.(dataDir)
  // The app closes its own cache; one given to it is closed after it, before its folder goes.
  if (cache) cleanups.push(() => cache.close())
  const app = await createApp({
    dataDir,
    transport: 'browser',
    appInfo: { name: 'Seller Desk', version: '9.9.9', platform: 'linux' },
    secretStore: createMemorySecretStore(),
    log: quiet,
    ...(cache ? { cache } : {})
  })
  cleanups.push(() => app.close())
  const call = (method: string, request?: unknown) => dispatch(app.handlers, method, request, quiet)
  const added = await call('addConnection', {
    label: 'Shop',
    baseUrl: demo.baseUrl,
    apiKey: demo.apiKey,
    allowNoItems: true
  })
  if (!added.ok) throw new Error(added.error.message)
  const listed = await call('listItems', { refresh: true })
  if (!listed.ok) throw new Error(listed.error.message)
  const { id } = added.data as { id: string }
  return { demo, dataDir, app, call, connectionId: id }
}
