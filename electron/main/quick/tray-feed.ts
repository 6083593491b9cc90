import type { BulkJob, HistoryEntry } from '../../../shared/ipc/contract'
import type { Handlers } from '../ipc/dispatch'
import type { Method } from '../../../shared/ipc/contract'
import { TRAY_RECENT } from './tray-menu'

/** History rows read to find five different codes: a code checked again repeats its row. */
const HISTORY_READ = 50

/** Newest first, each code once (its latest check): re-checks must not fill the tray's five. */
function lastPerCode(entries: readonly HistoryEntry[]): HistoryEntry[] {
  const seen = new Set<string>()
  return entries.filter((e) => {
    const key = e.code.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** What the tray shows: the active connection's last verdicts and the shortcut in force. */
export async function trayFeed(
  handlers: Pick<Handlers, 'listHistory' | 'getQuickSettings'>
): Promise<{ recent: HistoryEntry[]; shortcutLabel: string | null }> {
  const [history, settings] = await Promise.all([
    handlers.listHistory({ limit: HISTORY_READ }).catch(() => null),
    handlers.getQuickSettings(undefined)
  ])
  return {
    recent: lastPerCode(history?.entries ?? []).slice(0, TRAY_RECENT),
    shortcutLabel: settings.shortcutStatus.state === 'on' ? settings.shortcutLabel : null
  }
}

/** Channels after which the tray's list may be stale: a new verdict, another connection, a new shortcut. */
export const TRAY_STALE_AFTER: readonly Method[] = [
  'validatePurchase',
  'setActiveConnection',
  'addConnection',
  'removeConnection',
  'startDemo',
  'setQuickSettings'
]

/**
 * The same handlers, each of `methods` calling `after` once it answered (failed or not),
 * so a check made in any window updates the tray without the page knowing the tray exists.
 */
export function withRefreshAfter(
  handlers: Handlers,
  methods: readonly Method[],
  after: () => void
): Handlers {
  const wrapped: Record<string, unknown> = { ...handlers }
  for (const method of methods) {
    const original = handlers[method] as (request: unknown) => Promise<unknown>
    wrapped[method] = async (request: unknown) => {
      try {
        return await original(request)
      } finally {
        after()
      }
    }
  }
  return wrapped as Handlers
}

/** Bulk channels answer with the job; each code it answers is recorded in History too. */
const TRAY_STALE_AFTER_BULK = [
  'startBulk',
  'getBulk',
  'pauseBulk',
  'resumeBulk',
  'cancelBulk',
  'retryBulk'
] as const satisfies readonly Method[]

/**
 * The same handlers, the bulk ones calling `after` only when a job answered more codes than
 * when last seen: the page polls `getBulk` while a job runs, and many polls bring no
 * new verdict, so the tray is not rebuilt for nothing.
 */
export function withRefreshOnBulkProgress(handlers: Handlers, after: () => void): Handlers {
  const answered = new Map<string, number>()
  const wrapped: Record<string, unknown> = { ...handlers }
  for (const method of TRAY_STALE_AFTER_BULK) {
    const original = handlers[method] as (request: unknown) => Promise<BulkJob>
    wrapped[method] = async (request: unknown) => {
      const job = await original(request)
      if (job.done !== (answered.get(job.jobId) ?? 0)) {
        answered.set(job.jobId, job.done)
        after()
      }
      return job
    }
  }
  return wrapped as Handlers
}
