import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BalanceNotices, BalanceWatch, ConnectionView } from '../../../shared/ipc/contract'
import { startDemoServer, type DemoServer } from '../../../electron/demo'
import { createApp } from '../../../electron/main/app'
import { dispatch } from '../../../electron/main/ipc/dispatch'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'
import { data, until } from '../../support/results'

// The balance watch in the whole app, over real HTTP to demo marketplaces answering as real
// installs do (float artefacts, a rate limit the client's pacer keeps to).

const quiet = { warn: () => undefined, error: () => undefined }
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function demo(seed: number): Promise<DemoServer> {
  const server = await startDemoServer({ port: 0, mode: 'real', seed })
  cleanups.push(() => server.close())
  return server
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false
  )

describe('balance watch in the app', () => {
  it('reads each connection through its client, notifies a sale, and forgets a removed connection', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sd-balance-app-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    process.env['SELLER_DESK_BALANCE_WATCH_MS'] = '300'
    const app = await createApp({
      dataDir,
      transport: 'browser',
      appInfo: { name: 'Seller Desk', version: '0.1.0', platform: 'linux' },
      secretStore: createMemorySecretStore(),
      log: quiet
    }).finally(() => delete process.env['SELLER_DESK_BALANCE_WATCH_MS'])
    cleanups.push(() => app.close())
    const call = (m: string, r?: unknown) => dispatch(app.handlers, m, r, quiet)

    const a = await demo(1)
    const b = await demo(2)
    // Real installs send 1284.5700000000002: read after read, it must not look like a change.
    a.data.seller.balance = 1284.57
    const add = async (market: DemoServer, label: string) =>
      data<ConnectionView>(
        await call('addConnection', { baseUrl: market.baseUrl, apiKey: market.apiKey, label })
      ).id
    const idA = await add(a, 'Shop A')
    const idB = await add(b, 'Shop B')
    app.balance.start()

    const accountReads = (market: DemoServer): number =>
      market.requests.filter((r) => r.path.startsWith('/api/account/details')).length
    const readsBefore = accountReads(a)
    const watching = async () => {
      const watch = data<BalanceWatch>(await call('getBalanceWatch'))
      return watch.connections.every((c) => c.state === 'watching') ? watch : null
    }
    await until('both connections read', watching, 300)
    await until(
      'a few more reads of A',
      async () => (accountReads(a) >= readsBefore + 3 ? true : null),
      300
    )
    // Every read carried the connection's own key, as every other call does.
    expect(a.requests.at(-1)?.path).toMatch(/^\/api\/account\/details/)
    expect(data<BalanceNotices>(await call('takeBalanceNotices', { after: 0 })).notices).toEqual([])
    const logA = join(dataDir, 'balance', `${idA}.jsonl`)
    expect((await readFile(logA, 'utf8')).trim().split('\n')).toHaveLength(1)

    // A sale on A.
    a.data.seller.balance = 1305.67
    const notices = await until(
      'a notice',
      async () => {
        const n = data<BalanceNotices>(await call('takeBalanceNotices', { after: 0 })).notices
        return n.length > 0 ? n : null
      },
      300
    )
    expect(notices.map((n) => [n.connectionId, n.title])).toEqual([
      [idA, 'Balance up $21.10 · now $1,305.67 · Shop A']
    ])

    // Removed: its log goes with it; B keeps its own.
    data(await call('removeConnection', { id: idA }))
    expect(await exists(logA)).toBe(false)
    expect(await exists(join(dataDir, 'balance', `${idB}.jsonl`))).toBe(true)
    await new Promise((r) => setTimeout(r, 700))
    expect(await exists(logA)).toBe(false)
  }, 60_000)
})
