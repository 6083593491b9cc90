import type { Account } from '../../../shared/model'
import type {
  ConnectionWatch,
  WatchInterval,
  WatchState
} from '../../../shared/ipc/balance-schemas'
import { toCents } from '../../../shared/money'
import { kindOf } from '../util/kind-of'
import type { BalanceLog, Reading } from './balance-log'
import { keyRefusedNotice, moveOf, noticeFor, type BalanceMove, type Notice } from './notify-policy'

/** The demo runs on this computer: read often, so a newcomer sees a sale within a minute. */
export const DEMO_WATCH_MS = 15_000
/** The first read after the app starts waits this long, so it never competes with the first screen. */
export const FIRST_READ_MS = 5_000
/** How often an idle watch (turned off, no connection) looks at settings again. */
const IDLE_MS = 60_000

interface WatchedConnection {
  id: string
  label: string
  isDemo: boolean
}

interface WatchSettings {
  intervalMinutes: WatchInterval
  /** Notifications per connection; on unless the seller turned them off. */
  notify: Readonly<Record<string, boolean>>
}

export type WatchEvent =
  | {
      kind: 'reading'
      connectionId: string
      label: string
      reading: Reading
      move: BalanceMove
      notice: Notice | null
    }
  | { kind: 'stopped'; connectionId: string; label: string; notice: Notice }

export interface BalanceWatchOptions {
  connections(): Promise<WatchedConnection[]>
  /**
   * The connection's marketplace client, the one every other call uses (its pacer, its
   * key from the keychain or the session); null for the demo while it is not running.
   * Throws kinded errors (keychain-unavailable, no-connection).
   */
  clientOf(connectionId: string): Promise<{ getAccount(): Promise<Account> } | null>
  settings(): Promise<WatchSettings>
  log: Pick<BalanceLog, 'record'>
  /** A bulk check is running: it needs the marketplace's budget more than the watch does. */
  bulkRunning(): boolean
  /** The system says it is offline; without it, a failed read says so. */
  online?(): boolean
  clock: { now(): number; sleep(ms: number, signal: AbortSignal): Promise<void> }
  /** SELLER_DESK_BALANCE_WATCH_MS: the pause between reads, for tests and demos. */
  intervalMs?: number | null
  onEvent(event: WatchEvent): void
  warn?(message: string): void
}

export interface BalanceWatch {
  start(): void
  /**
   * Settings changed: look at them now rather than after the current pause. A new interval
   * counts from now, so a read is neither made early nor put off past it.
   */
  wake(options?: { newInterval?: boolean }): void
  states(): Promise<ConnectionWatch[]>
  /** The pause between two reads of a marketplace (0 when off). */
  intervalMs(settings: WatchSettings): number
  stop(): Promise<void>
}

const MESSAGES: Partial<Record<WatchState, string>> = {
  off: 'The balance watch is off. Turn it on in Settings.',
  offline: 'Offline: the balance is read again once the connection is back.',
  'keychain-locked': 'The keychain is locked: unlock it and the balance is read at the next turn.',
  'bulk-running':
    'A bulk check is using the marketplace’s request budget; the balance is read after it.',
  'no-key': 'No API key is stored for this connection. Add it in Settings to watch the balance.',
  'demo-stopped': 'The demo is not running. Open “Explore the demo” to watch its balance.',
  'key-refused':
    'The watch stopped: the marketplace refused the API key. Replace the key in Settings to watch again.'
}

interface Status {
  state: WatchState
  message: string | null
  lastReadAt: string | null
}

export function createBalanceWatch(options: BalanceWatchOptions): BalanceWatch {
  const { clock } = options
  const status = new Map<string, Status>()
  const lastTry = new Map<string, number>()
  /** The client whose key was refused: the watch resumes once the connection has another. */
  const refusedWith = new Map<string, object>()
  let sleeping: AbortController | null = null
  let running: Promise<void> | null = null
  let stopped = false
  /** Woken during a pass: the next pass comes at once, not after the pause. */
  let again = false

  const intervalMs = (s: WatchSettings): number =>
    s.intervalMinutes === 0 ? 0 : (options.intervalMs ?? s.intervalMinutes * 60_000)
  const periodOf = (c: WatchedConnection, s: WatchSettings): number =>
    c.isDemo && options.intervalMs == null ? Math.min(DEMO_WATCH_MS, intervalMs(s)) : intervalMs(s)

  const set = (id: string, state: WatchState, message?: string | null): void => {
    const before = status.get(id)
    status.set(id, {
      state,
      message: message === undefined ? (MESSAGES[state] ?? null) : message,
      lastReadAt: before?.lastReadAt ?? null
    })
  }

  const readOne = async (c: WatchedConnection, s: WatchSettings): Promise<void> => {
    if (options.online && !options.online()) return set(c.id, 'offline')
    if (options.bulkRunning()) return set(c.id, 'bulk-running')
    let client: Awaited<ReturnType<BalanceWatchOptions['clientOf']>>
    try {
      client = await options.clientOf(c.id)
    } catch (e) {
      const kind = kindOf(e)
      if (kind === 'keychain-unavailable') return set(c.id, 'keychain-locked')
      if (kind === 'no-connection') return set(c.id, 'no-key')
      return set(c.id, 'failed', e instanceof Error && kind ? e.message : null)
    }
    if (client === null) return set(c.id, 'demo-stopped')
    const refused = refusedWith.get(c.id)
    if (refused === client) return
    refusedWith.delete(c.id)

    let account: Account
    try {
      account = await client.getAccount()
    } catch (e) {
      const kind = kindOf(e)
      if (kind === 'unauthorized') {
        refusedWith.set(c.id, client)
        set(c.id, 'key-refused')
        options.onEvent({
          kind: 'stopped',
          connectionId: c.id,
          label: c.label,
          notice: keyRefusedNotice(c.label)
        })
        return
      }
      if (kind === 'offline' || kind === 'timeout') return set(c.id, 'offline')
      return set(c.id, 'failed', e instanceof Error && kind ? e.message : null)
    }
    const cents = toCents(account.balance)
    if (cents === null)
      return set(c.id, 'failed', 'The marketplace sent a balance that is not a number.')
    const reading: Reading = { at: new Date(clock.now()), cents, currency: account.currency }
    const { previous } = await options.log.record(c.id, reading)
    const move = moveOf(previous, reading)
    status.set(c.id, { state: 'watching', message: null, lastReadAt: reading.at.toISOString() })
    options.onEvent({
      kind: 'reading',
      connectionId: c.id,
      label: c.label,
      reading,
      move,
      notice: noticeFor(move, reading, { label: c.label, notify: s.notify[c.id] !== false })
    })
  }

  /** One pass: every connection that is due is read; answers how long until the next is. */
  const pass = async (): Promise<number> => {
    const s = await options.settings()
    const list = await options.connections()
    for (const id of status.keys()) if (!list.some((c) => c.id === id)) status.delete(id)
    if (intervalMs(s) === 0) {
      for (const c of list) set(c.id, 'off')
      return IDLE_MS
    }
    let wait = Math.min(IDLE_MS, intervalMs(s))
    for (const c of list) {
      if (stopped) break
      const period = periodOf(c, s)
      const last = lastTry.get(c.id)
      const due = last === undefined ? null : last + period
      if (due === null && !status.has(c.id)) {
        // Seen for the first time: read soon, not at once.
        lastTry.set(c.id, clock.now() - period + Math.min(period, FIRST_READ_MS))
        set(c.id, 'waiting', null)
      } else if (due !== null && due <= clock.now()) {
        lastTry.set(c.id, clock.now())
        try {
          await readOne(c, s)
        } catch (e) {
          options.warn?.(`[balance] a read failed: ${e instanceof Error ? e.message : String(e)}`)
          set(c.id, 'failed', null)
        }
      }
      wait = Math.min(wait, (lastTry.get(c.id) ?? clock.now()) + period - clock.now())
    }
    return Math.max(0, wait)
  }

  const loop = async (): Promise<void> => {
    while (!stopped) {
      again = false
      let wait = IDLE_MS
      try {
        wait = await pass()
      } catch (e) {
        options.warn?.(
          `[balance] the watch could not run: ${e instanceof Error ? e.message : String(e)}`
        )
      }
      if (stopped) break
      if (again) {
        again = false
        continue
      }
      sleeping = new AbortController()
      await clock.sleep(wait, sleeping.signal)
    }
  }

  return {
    start: () => {
      running ??= loop()
    },
    wake: (change) => {
      if (change?.newInterval) lastTry.forEach((_, id) => lastTry.set(id, clock.now()))
      again = true
      sleeping?.abort()
    },
    intervalMs,
    states: async () => {
      const s = await options.settings()
      const list = await options.connections()
      return list.map((c) => {
        const known = status.get(c.id)
        const off = intervalMs(s) === 0
        return {
          connectionId: c.id,
          label: c.label,
          notify: s.notify[c.id] !== false,
          state: off ? 'off' : (known?.state ?? 'waiting'),
          message: off ? (MESSAGES.off ?? null) : (known?.message ?? null),
          lastReadAt: known?.lastReadAt ?? null
        }
      })
    },
    stop: async () => {
      stopped = true
      sleeping?.abort()
      await running
    }
  }
}
