import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { launchHost, type LaunchOptions, type RunningHost } from '../../electron/host/launch'
import {
  ACCOUNT,
  ITEM,
  json,
  PURCHASE,
  startFixture,
  type Fixture,
  type Received
} from './marketplace-fixture'
import { rpcRequest } from './harness-http'

/**
 * A Seller API marketplace of the tests' own on 127.0.0.1, answering the four operations
 * with the fixture's account, item and purchase after `shape` had its way with them (a
 * hostile one echoes the key into fields). Every request it gets is recorded.
 */
export async function startMarket(
  shape: {
    /** Each gets the key the request carried and the marketplace's own origin. */
    account?: (key: string, origin: string) => unknown
    item?: (key: string, origin: string) => unknown
    purchase?: (key: string, origin: string) => unknown
    /** Answers instead of the usual one when it returns true. */
    other?: (req: Received, res: ServerResponse) => boolean
  } = {}
): Promise<Fixture> {
  let origin = ''
  const market = await startFixture((req, res) => {
    if (shape.other?.(req, res)) return
    const key =
      req.url.searchParams.get('api_key') ?? new URLSearchParams(req.body).get('api_key') ?? ''
    const path = req.url.pathname
    const item = shape.item?.(key, origin) ?? ITEM
    if (path.endsWith('/api/account/details'))
      return json(res, 200, { status: 'success', data: shape.account?.(key, origin) ?? ACCOUNT })
    if (path.endsWith('/api/items/all'))
      return json(res, 200, { status: 'success', items: [item, { ...ITEM, id: 43 }] })
    if (path.endsWith('/api/items/item')) return json(res, 200, { status: 'success', item })
    if (path.endsWith('/api/purchases/validation'))
      return json(res, 200, {
        status: 'success',
        data: { purchase: shape.purchase?.(key, origin) ?? { ...PURCHASE, item } }
      })
    json(res, 404, { message: '' })
  })
  origin = market.origin
  return market
}

/** Every request of `market` that carried `key` (query, form body or anywhere else). */
export function requestsWithKey(market: Fixture, key: string): Received[] {
  const forms = [key, encodeURIComponent(key), new URLSearchParams({ k: key }).toString().slice(2)]
  return market.requests.filter((r) =>
    forms.some((f) => r.url.href.includes(f) || r.body.includes(f))
  )
}

export interface KeyHost {
  host: RunningHost
  dataDir: string
  keychainService: string
  /** A call over HTTP with the launch's token: `{ok, data}` or `{ok:false, error}`. */
  rpc(
    method: string,
    body?: unknown
  ): Promise<{ ok: boolean; data?: unknown; error?: { kind: string; message: string } }>
  /** The raw answer text of a call, for leak checks. */
  rpcText(method: string, body?: unknown): Promise<string>
  close(): Promise<void>
}

/**
 * The real browser host (createApp behind HTTP) on a fresh data folder, saving keys in
 * the real keychain under a service of its own, emptied on close. The page is a stub:
 * these tests speak to the host the way an attacker holding its address would.
 */
export async function startKeyHost(
  options: Pick<LaunchOptions, 'classifyAddress'> = {}
): Promise<KeyHost> {
  const top = await mkdtemp(join(tmpdir(), 'seller-desk-key-'))
  const rendererDir = join(top, 'renderer')
  const dataDir = join(top, 'data')
  await mkdir(rendererDir)
  await writeFile(
    join(rendererDir, 'index.html'),
    `<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`
  )
  const keychainService = `Seller Desk test ${randomUUID()}`
  const host = await launchHost({ dataDir, rendererDir, port: 0, keychainService, ...options })
  const rpcText = async (method: string, body?: unknown): Promise<string> =>
    (await rpcRequest(host.server.port, method, host.server.token, body)).body
  return {
    host,
    dataDir,
    keychainService,
    rpcText,
    rpc: async (method, body) => JSON.parse(await rpcText(method, body)),
    close: async () => {
      await host.close()
      const { default: keytar } = await import('keytar')
      for (const { account } of await keytar.findCredentials(keychainService))
        await keytar.deletePassword(keychainService, account)
      await rm(top, { recursive: true, force: true })
    }
  }
}
