import type { HistoryEntry } from '../../../shared/ipc/contract'
import type { Handlers } from '../ipc/dispatch'
import type { Method } from '../../../shared/ipc/contract'
import { TRAY_RECENT } from './tray-menu'

/** What the tray shows: the active connection's last verdicts and the shortcut in force. */
export async function trayFeed(
  handlers: Pick<Handlers, 'listHistory' | 'getQuickSettings'>
): Promise<{ recent: HistoryEntry[]; shortcutLabel: string | null }> {
  const [history, settings] = await Promise.all([
    handlers.listHistory({ limit: TRAY_RECENT }).catch(() => null),
    handlers.getQuickSettings(undefined)
  ])
  return {
    recent: history?.entries ?? [],
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
