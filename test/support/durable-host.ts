import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchHost, type LaunchOptions, type RunningHost } from '../../electron/host/launch'
import { rpcRequest } from './harness-http'

/**
 * The real browser host in this process, on a data folder of the test's own, with the
 * real keychain (under a keychain service of its own, emptied by `dispose`), called over
 * HTTP exactly as the page calls it.
 */
export interface DurableHost {
  dataDir: string
  keychainService: string
  host: RunningHost
  rpc<T = unknown>(method: string, body?: unknown): Promise<RpcResult<T>>
  /** Stops the host and starts it again on the same folder (and keychain service). */
  restart(extra?: Partial<LaunchOptions>): Promise<void>
  dispose(): Promise<void>
}

export type RpcResult<T> =
  { ok: true; data: T } | { ok: false; error: { kind: string; message: string } }

export async function startDurableHost(extra: Partial<LaunchOptions> = {}): Promise<DurableHost> {
  const dataDir = await mkdtemp(join(tmpdir(), 'seller-desk-durable-'))
  const keychainService = `Seller Desk durable ${randomUUID()}`
  const launch = (more: Partial<LaunchOptions>): Promise<RunningHost> =>
    launchHost({ dataDir, port: 0, keychainService, ...extra, ...more })
  const self: DurableHost = {
    dataDir,
    keychainService,
    host: await launch({}),
    async rpc<T>(method: string, body?: unknown): Promise<RpcResult<T>> {
      const answer = await rpcRequest(self.host.server.port, method, self.host.server.token, body)
      return JSON.parse(answer.body) as RpcResult<T>
    },
    async restart(more = {}) {
      await self.host.close()
      self.host = await launch(more)
    },
    async dispose() {
      await self.host.close().catch(() => {})
      const { default: keytar } = await import('keytar')
      for (const c of await keytar.findCredentials(keychainService))
        await keytar.deletePassword(keychainService, c.account)
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  return self
}

/** The data of a Result, or a thrown error naming what the host said. */
export function dataOf<T>(result: RpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`)
  return result.data
}
