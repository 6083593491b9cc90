import type { Handlers } from '../ipc/dispatch'
import { AppFailure } from '../ipc/failure'
import type { HistoryStore } from './history-store'

export type HistoryHandlers = Pick<Handlers, 'listHistory' | 'exportHistoryCsv'>

/** History of the active connection. */
export function historyHandlers(
  history: HistoryStore,
  connections: { list(): Promise<{ activeId: string | null }> }
): HistoryHandlers {
  // History belongs to a connection even when its key is missing: no keychain read here.
  const activeConnectionId = async (): Promise<string> => {
    const { activeId } = await connections.list()
    if (activeId === null)
      throw new AppFailure(
        'no-connection',
        'Connect to a marketplace first: history is kept per connection.'
      )
    return activeId
  }
  return {
    listHistory: async (request) => history.list(await activeConnectionId(), request ?? {}),
    exportHistoryCsv: async () => history.exportCsv(await activeConnectionId())
  }
}
