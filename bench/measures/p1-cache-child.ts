/**
 * One cold read in a fresh process (spawned by p1-cache.ts), so the timed read is the
 * process's first: module code is loaded but nothing has run it yet. Prints one JSON line.
 *   raw      readFile + JSON.parse of the cache file
 *   cache    FileCatalogueCache.readItems: the same file to zod-checked normalised items
 *   service  the app's listItems handler (createApp, dispatch, catalogue service, cache);
 *            the key arrives on stdin in place of the keychain
 *   window   the app's queryItems handler for the grid's first window, as the Items view
 *            opens (the list read from the cache, its index built, the rows answered)
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { FileCatalogueCache } from '../../electron/main/cache/catalogue-cache'
import { dispatch } from '../../electron/main/ipc/dispatch'
import { createBenchAppKeyOnStdin } from '../lib/host'
import { contract } from '../../shared/ipc/contract'
import { FIRST_WINDOW } from '../../shared/item-summary'

const quiet = { warn: () => {}, error: () => {} }

async function raw(
  dataDir: string,
  connectionId: string
): Promise<{ ms: number; items: number; bytes: number }> {
  const file = join(new FileCatalogueCache({ dataDir }).root, connectionId, 'items.json')
  const t0 = performance.now()
  const bytes = await readFile(file)
  const parsed = JSON.parse(bytes.toString('utf8')) as { body?: { data?: { items?: unknown[] } } }
  const ms = performance.now() - t0
  return { ms, items: parsed.body?.data?.items?.length ?? -1, bytes: bytes.length }
}

async function cache(
  dataDir: string,
  connectionId: string
): Promise<{ ms: number; items: number }> {
  const store = new FileCatalogueCache({ dataDir, log: quiet })
  const t0 = performance.now()
  const entry = await store.readItems(connectionId)
  const ms = performance.now() - t0
  return { ms, items: entry ? entry.data.items.length : -1 }
}

async function handler(
  dataDir: string,
  connectionId: string,
  method: 'listItems' | 'queryItems'
): Promise<{ ms: number; items: number }> {
  const app = await createBenchAppKeyOnStdin(dataDir, connectionId)
  try {
    const t0 = performance.now()
    const r = await dispatch(
      app.handlers,
      method,
      method === 'queryItems' ? FIRST_WINDOW : undefined,
      quiet
    )
    const ms = performance.now() - t0
    if (!r.ok) throw new Error(r.error.message)
    if (method === 'queryItems') {
      const answer = contract.queryItems.response.parse(r.data)
      if (answer.freshness.source !== 'cache')
        throw new Error(`queryItems answered from the ${answer.freshness.source}, not the cache`)
      return { ms, items: answer.data.total }
    }
    const payload = contract.listItems.response.parse(r.data)
    if (payload.freshness.source !== 'cache')
      throw new Error(`listItems answered from the ${payload.freshness.source}, not the cache`)
    return { ms, items: payload.data.items.length }
  } finally {
    await app.close()
  }
}

async function main(): Promise<void> {
  const [mode, dataDir, connectionId] = process.argv.slice(2)
  if (!dataDir || !connectionId)
    throw new Error('usage: p1-cache-child raw|cache|service|window <dataDir> <connectionId>')
  type Run = (d: string, c: string) => Promise<{ ms: number; items: number; bytes?: number }>
  const runs: Record<string, Run> = {
    raw,
    cache,
    service: (d, c) => handler(d, c, 'listItems'),
    window: (d, c) => handler(d, c, 'queryItems')
  }
  const run = mode ? runs[mode] : undefined
  if (!run) throw new Error(`unknown mode ${mode}`)
  process.stdout.write(`${JSON.stringify(await run(dataDir, connectionId))}\n`)
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e))
  process.exitCode = 1
})
