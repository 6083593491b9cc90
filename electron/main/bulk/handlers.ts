import type { Handlers } from '../ipc/dispatch'
import type { BulkJobDeps, BulkRunner } from './runner'

export type BulkHandlers = Pick<
  Handlers,
  'startBulk' | 'getBulk' | 'pauseBulk' | 'resumeBulk' | 'cancelBulk' | 'exportBulkCsv'
>

/** `depsForActive` binds a new job to the active connection's client and history. */
export function bulkHandlers(
  runner: BulkRunner,
  depsForActive: () => Promise<BulkJobDeps>
): BulkHandlers {
  return {
    // The first snapshot, every code pending: the renderer shows it as main sees it.
    startBulk: async (request) =>
      runner.get(runner.start(request.text, await depsForActive()).jobId),
    getBulk: async (request) => runner.get(request.jobId),
    pauseBulk: async (request) => runner.pause(request.jobId),
    resumeBulk: async (request) => runner.resume(request.jobId),
    cancelBulk: async (request) => runner.cancel(request.jobId),
    exportBulkCsv: async (request) => runner.exportCsv(request.jobId)
  }
}
