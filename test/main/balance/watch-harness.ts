import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Account } from '../../../shared/model'
import { createBalanceService, type BalanceService } from '../../../electron/main/balance/service'
import type { WatchEvent } from '../../../electron/main/balance/watch'
import { AppFailure } from '../../../electron/main/ipc/failure'
import { createSettingsStore, type SettingsStore } from '../../../electron/main/settings/store'
import { makeAccount } from '../../support/model-fixtures'

/**
 * A clock for the watch's one loop: time moves only in advance(), which wakes the loop at
 * each due time and waits until it sleeps again, its reads and file writes done.
 */
class LoopClock {
  private t = Date.UTC(2026, 10, 2, 9, 0)
  private timer: { at: number; resolve: () => void } | null = null
  private sleepers: (() => void)[] = []

  now = (): number => this.t

  sleep = (ms: number, signal: AbortSignal): Promise<void> =>
    new Promise<void>((resolve) => {
      const timer = { at: this.t + ms, resolve }
      this.timer = timer
      signal.addEventListener('abort', () => {
        if (this.timer === timer) this.timer = null
        resolve()
      })
      for (const wake of this.sleepers.splice(0)) wake()
    })

  /** Sets the time before the loop starts. */
  set(at: number): void {
    this.t = at
  }

  asleep(): Promise<void> {
    return this.timer ? Promise.resolve() : new Promise((resolve) => this.sleepers.push(resolve))
  }

  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    await this.asleep()
    while (this.timer && this.timer.at <= end) {
      const due = this.timer
      this.timer = null
      this.t = Math.max(this.t, due.at)
      due.resolve()
      await this.asleep()
    }
    this.t = end
  }
}

/** A marketplace account whose balance the test moves; counts every read. */
export class FakeShop {
  reads = 0
  refuse = false
  offline = false
  constructor(
    public balance: number,
    public currency: string | null = 'USD'
  ) {}
  client(): { getAccount(): Promise<Account> } {
    return {
      getAccount: async () => {
        this.reads++
        if (this.refuse)
          throw new AppFailure('unauthorized', 'The marketplace refused the API key.')
        if (this.offline) throw new AppFailure('offline', 'The marketplace cannot be reached.')
        return makeAccount({ balance: this.balance, currency: this.currency })
      }
    }
  }
}

export interface Harness {
  dataDir: string
  clock: LoopClock
  settings: SettingsStore
  service: BalanceService
  events: WatchEvent[]
  shops: Map<string, FakeShop>
  /** Each connection's current client: a new one stands for a replaced key. */
  clients: Map<string, { getAccount(): Promise<Account> }>
  state: { online: boolean; bulk: boolean; locked: boolean; demoRunning: boolean }
  connections: { id: string; label: string; isDemo: boolean }[]
  close(): Promise<void>
}

export const MINUTE = 60_000

/**
 * The balance service over a real settings file and balance log in a temporary folder,
 * fake marketplace clients and a fake clock: only time and the shops' answers are made up.
 */
export async function watchHarness(
  connections: { id: string; label: string; shop: FakeShop; isDemo?: boolean }[],
  options: { intervalMs?: number | null; startAt?: number } = {}
): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sd-balance-'))
  const clock = new LoopClock()
  if (options.startAt !== undefined) clock.set(options.startAt)
  const settings = createSettingsStore({ dataDir, log: { warn: () => undefined } })
  const events: WatchEvent[] = []
  const shops = new Map(connections.map((c) => [c.id, c.shop]))
  const clients = new Map(connections.map((c) => [c.id, c.shop.client()]))
  const state = { online: true, bulk: false, locked: false, demoRunning: true }
  const list = connections.map((c) => ({ id: c.id, label: c.label, isDemo: c.isDemo ?? false }))
  const service = createBalanceService({
    dataDir,
    settings,
    connections: {
      list: async () => ({ connections: list, activeId: list[0]?.id ?? null }),
      clientOf: async (id) => {
        if (state.locked) throw new AppFailure('keychain-unavailable', 'The keychain is locked.')
        if (list.find((c) => c.id === id)?.isDemo && !state.demoRunning) return null
        return clients.get(id) ?? null
      }
    },
    bulkRunning: () => state.bulk,
    online: () => state.online,
    clock,
    intervalMs: options.intervalMs ?? null,
    log: { warn: () => undefined }
  })
  service.onEvent((e) => events.push(e))
  service.start()
  await clock.asleep()
  return {
    dataDir,
    clock,
    settings,
    service,
    events,
    shops,
    clients,
    state,
    connections: list,
    close: async () => {
      await service.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
}

export const titles = (events: readonly WatchEvent[]): string[] =>
  events.flatMap((e) => (e.notice ? [e.notice.title] : []))
