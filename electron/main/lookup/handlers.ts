import { normalisePurchaseCode } from '../../../shared/purchase-code'
import type { ActiveClient } from '../connections/service'
import type { Handlers } from '../ipc/dispatch'
import { AppFailure } from '../ipc/failure'
import type { PurchaseCheck } from './purchase-check'

export type LookupHandlers = Pick<Handlers, 'validatePurchase'>

/** One code from Validate or the lookup window, checked on the active connection. */
export function lookupHandlers(
  connections: { activeClient(): Promise<ActiveClient> },
  lookups: PurchaseCheck
): LookupHandlers {
  return {
    validatePurchase: async (request) => {
      const { code } = normalisePurchaseCode(request.code)
      if (code === '') throw new AppFailure('invalid-input', 'Enter a purchase code to check.')
      const { connectionId, client } = await connections.activeClient()
      return lookups.check(connectionId, client, code)
    }
  }
}
