import type {
  BalanceRange,
  BalanceSeries,
  BalanceWatch as WatchView
} from '../../../shared/ipc/balance-schemas'
import type { ParsedRequestOf } from '../../../shared/ipc/contract'
import { formatCents } from '../../../shared/money'
import { csvFilename, toCsv } from '../history/csv'
import { abortableSleep } from '../util/abortable-sleep'
import { defaultBalanceWatch } from '../settings/schema'
import type { SettingsStore } from '../settings/store'
import { BalanceLog } from './balance-log'
import type { BalanceHandlers } from './handlers'
import { createNoticeQueue } from './notices'
import { trayChangeText } from './notify-policy'
import { seriesOf } from './series'
import { createBalanceWatch, type BalanceWatchOptions, type WatchEvent } from './watch'

export interface BalanceServiceOptions {
  dataDir: string
  settings: SettingsStore
  connections: Pick<BalanceWatchOptions, 'clientOf'> & {
    list(): Promise<{
      connections: { id: string; label: string; isDemo: boolean }[]
      activeId: string | null
    }>
  }
  bulkRunning(): boolean
  online?(): boolean
  clock?: BalanceWatchOptions['clock']
  /** The pause between reads; SELLER_DESK_BALANCE_WATCH_MS when unset. */
  intervalMs?: number | null
  log?: { warn(message: string): void }
}

/** SELLER_DESK_BALANCE_WATCH_MS: a whole number of milliseconds, at least 100; else unset. */
function watchMsFromEnv(env: NodeJS.ProcessEnv): number | null {
  const raw = env['SELLER_DESK_BALANCE_WATCH_MS']?.trim()
  if (!raw || !/^\d+$/.test(raw)) return null
  const ms = Number(raw)
  return ms >= 100 ? ms : null
}

/**
 * The balance watch (docs/balance-watch.md): reads each connection's balance now and then,
 * keeps its changes in the balance log, and says when it rose. Desktop glue listens with
 * onEvent (native notification, tray); the browser host's page asks for notices.
 */
export function createBalanceService(options: BalanceServiceOptions) {
  const log = new BalanceLog({
    dataDir: options.dataDir,
    ...(options.log ? { log: options.log } : {})
  })
  const notices = createNoticeQueue()
  const listeners = new Set<(event: WatchEvent) => void>()
  const clock = options.clock ?? { now: () => Date.now(), sleep: abortableSleep }
  let online = options.online
  const readSettings = async () =>
    (await options.settings.read()).balanceWatch ?? defaultBalanceWatch()

  const watch = createBalanceWatch({
    connections: async () => (await options.connections.list()).connections,
    clientOf: (id) => options.connections.clientOf(id),
    settings: readSettings,
    log,
    bulkRunning: options.bulkRunning,
    // The desktop glue knows (Electron's net.isOnline); the browser host learns from failed reads.
    online: () => online?.() ?? true,
    clock,
    intervalMs: options.intervalMs === undefined ? watchMsFromEnv(process.env) : options.intervalMs,
    onEvent: (event) => {
      if (event.notice) notices.push(event.connectionId, event.notice)
      for (const listener of listeners) listener(event)
    },
    ...(options.log ? { warn: (m: string) => options.log?.warn(m) } : {})
  })

  const watchView = async (): Promise<WatchView> => {
    const s = await readSettings()
    return {
      intervalMinutes: s.intervalMinutes,
      intervalMs: watch.intervalMs(s),
      connections: await watch.states()
    }
  }

  const activeId = async (): Promise<string | null> => (await options.connections.list()).activeId

  const series = async (range: BalanceRange): Promise<BalanceSeries> => {
    const id = await activeId()
    const now = new Date(clock.now())
    if (id === null) return seriesOf([], range, now, null)
    const states = await watch.states()
    return seriesOf(
      await log.records(id),
      range,
      now,
      states.find((s) => s.connectionId === id) ?? null
    )
  }

  const exportCsv = async (): Promise<{ filename: string; csv: string }> => {
    const id = await activeId()
    const records = id === null ? [] : await log.records(id)
    // Increases and decreases in two columns of positive amounts: a cell starting with "-"
    // is written as text by the export's formula guard (history/csv.ts).
    const rows = records.map((r, i) => {
      const before = records[i - 1]
      const change = before && before.currency === r.currency ? r.cents - before.cents : 0
      return [
        r.at,
        (r.cents / 100).toFixed(2),
        r.currency,
        change > 0 ? (change / 100).toFixed(2) : null,
        change < 0 ? (-change / 100).toFixed(2) : null,
        r.why === 'daily' ? 'daily reading' : r.why === 'first' ? 'first reading' : 'change'
      ]
    })
    return {
      filename: csvFilename('balance', new Date(clock.now())),
      csv: toCsv(['Time', 'Balance', 'Currency', 'Increase', 'Decrease', 'Recorded as'], rows)
    }
  }

  /** The tray's lines: each connection's last change and today's increases. */
  const trayLines = async (): Promise<string[]> => {
    const { connections } = await options.connections.list()
    const now = new Date(clock.now())
    const lines: string[] = []
    for (const c of connections) {
      const s = seriesOf(await log.records(c.id), '7d', now, null)
      if (!s.lastChange) continue
      const last = trayChangeText(
        s.lastChange.deltaCents,
        s.currency,
        new Date(s.lastChange.at),
        now
      )
      const who = connections.length > 1 ? `${c.label}: ` : 'Balance '
      lines.push(`${who}${last} · today +${formatCents(s.todayCents, s.currency)}`)
    }
    return lines
  }

  const set = async (request: ParsedRequestOf<'setBalanceWatch'>): Promise<WatchView> => {
    await options.settings.update((s) => {
      const current = s.balanceWatch ?? defaultBalanceWatch()
      const next =
        'intervalMinutes' in request
          ? { ...current, intervalMinutes: request.intervalMinutes }
          : { ...current, notify: { ...current.notify, [request.connectionId]: request.notify } }
      return { ...s, balanceWatch: next }
    })
    watch.wake({ newInterval: 'intervalMinutes' in request })
    return watchView()
  }

  const handlers: BalanceHandlers = {
    getBalanceWatch: () => watchView(),
    setBalanceWatch: set,
    getBalanceSeries: (request) => series(request.range),
    exportBalanceCsv: exportCsv,
    takeBalanceNotices: async (request) => notices.take(request.after)
  }

  return {
    handlers,
    /** Starts watching; `online` tells whether the system is online, when the caller knows. */
    start: (desktop: { online?: () => boolean } = {}) => {
      if (desktop.online) online = desktop.online
      watch.start()
    },
    onEvent(listener: (event: WatchEvent) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Connections changed (one added, the demo started): read the new ones soon, not in a minute. */
    wake: () => watch.wake(),
    /** A desktop notification was clicked: the page opens Account when it next asks. */
    requestAccount: () => notices.requestAccount(),
    trayLines,
    /** The connection was removed (after the seller confirmed it): its log goes with it. */
    forget: async (connectionId: string) => {
      await log.forget(connectionId)
      await options.settings.update((s) => {
        if (!s.balanceWatch || !(connectionId in s.balanceWatch.notify)) return s
        const { [connectionId]: _gone, ...notify } = s.balanceWatch.notify
        return { ...s, balanceWatch: { ...s.balanceWatch, notify } }
      })
    },
    close: async () => {
      await watch.stop()
      await log.close()
    }
  }
}
export type BalanceService = ReturnType<typeof createBalanceService>
