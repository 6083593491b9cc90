import { useAccount } from '../stores/account'
import { useBulk } from '../stores/bulk'
import { useConnectionStatus } from '../stores/connection-status'
import { useConnections } from '../stores/connections'
import { useHistory } from '../stores/history'
import { useItems } from '../stores/items'
import { useValidate } from '../stores/validate'

let installed = false

/**
 * Data of one marketplace must never show under another. The stores are dropped inside
 * the same state change that switches the connection, before React renders the views
 * again, so no view can paint (or keep) the previous connection's data.
 */
export function scopeStoresToConnection(): void {
  if (installed) return
  installed = true
  useConnections.subscribe((next, prev) => {
    const before = prev.state?.activeId
    const after = next.state?.activeId
    if (prev.state && before !== after) {
      useAccount.getState().reset()
      useItems.getState().reset()
      useValidate.getState().reset()
      useHistory.getState().reset()
      useBulk.getState().reset()
      // What was learnt about one marketplace says nothing about another.
      useConnectionStatus.getState().reset()
    }
  })
}
