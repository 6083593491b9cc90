import { ipcMain, type IpcMainInvokeEvent } from 'electron'
import { contract, methods } from '../../../shared/ipc/contract'
import { dispatch, type Handlers } from '../ipc/dispatch'

/**
 * The only place main touches ipcMain: one `handle` per contract channel, each handing the
 * call to ipc/dispatch.ts, which the browser host's /rpc route uses too. It lives in glue/,
 * not ipc/, because it imports Electron. The sender must be our own window's top frame,
 * loaded from our own page; anything else is refused.
 */
export function registerIpc(
  handlers: Handlers,
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean
): void {
  for (const method of methods) {
    ipcMain.handle(contract[method].channel, async (event, request: unknown) => {
      if (!isTrustedSender(event)) {
        return {
          ok: false,
          error: { kind: 'invalid-input', message: 'Request refused: unknown sender.' }
        }
      }
      return dispatch(handlers, method, request)
    })
  }
}
