import type { ActiveClient } from '../connections/service'
import type { Handlers } from '../ipc/dispatch'
import type { PurchaseCheck } from '../lookup/purchase-check'
import type { BulkJobDeps, BulkRunner } from './runner'

export type BulkHandlers = Pick<
  Handlers,
  | 'startBulk'
  | 'getBulk'
  | 'pauseBulk'
  | 'resumeBulk'
  | 'cancelBulk'
  | 'retryBulk'
  | 'exportBulkCsv'
>

/** A new job is bound to the connection active when it starts, and checks through `lookups`. */
export function bulkHandlers(
  runner: BulkRunner,
  connections: { activeClient(): Promise<ActiveClient> },
  lookups: PurchaseCheck
): BulkHandlers {
  const depsForActive = async (): Promise<BulkJobDeps> => {
    const { connectionId, client } = await connections.activeClient()
    return {
      connectionId,
      check: (code, signal) => lookups.check(connectionId, client, code, { kind: 'bulk', signal }),
      throttledUntil: () => client.pacer.state().throttledUntil
    }
  }
  return {
    // The first snapshot, every code pending: the renderer shows it as main sees it.
    startBulk: async (request) =>
      runner.get(runner.start(request.text, await depsForActive()).jobId),
    getBulk: async (request) => runner.get(request.jobId),
    pauseBulk: async (request) => runner.pause(request.jobId),
    resumeBulk: async (request) => runner.resume(request.jobId),
    cancelBulk: async (request) => runner.cancel(request.jobId),
    retryBulk: async (request) => runner.retry(request.jobId, await depsForActive()),
    exportBulkCsv: async (request) => runner.exportCsv(request.jobId)
  }
}
