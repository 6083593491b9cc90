import type { Handlers } from '../ipc/dispatch'
import type { HistoryStore } from './history-store'

export type HistoryHandlers = Pick<Handlers, 'listHistory' | 'exportHistoryCsv'>

/** History of the active connection; `activeConnectionId` throws 'no-connection' when none is set. */
export function historyHandlers(
  history: HistoryStore,
  activeConnectionId: () => Promise<string>
): HistoryHandlers {
  return {
    listHistory: async (request) => history.list(await activeConnectionId(), request ?? {}),
    exportHistoryCsv: async () => history.exportCsv(await activeConnectionId())
  }
}
