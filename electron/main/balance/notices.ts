import type { BalanceNotice, BalanceNotices } from '../../../shared/ipc/balance-schemas'
import type { Notice } from './notify-policy'

/** Notices kept for a page that asks late; older ones are not worth showing any more. */
const KEPT = 20

/**
 * The notifications the watch made, numbered, for a page that shows them itself (the
 * browser host has no way to push): it asks for those after the last it saw.
 */
export function createNoticeQueue() {
  const notices: BalanceNotice[] = []
  let seq = 0
  let openAccount = false
  return {
    push(connectionId: string, notice: Notice): void {
      notices.push({ seq: ++seq, connectionId, ...notice })
      if (notices.length > KEPT) notices.shift()
    },
    /** A desktop notification was clicked: the page shows Account when it next asks. */
    requestAccount(): void {
      openAccount = true
    },
    take(after: number): BalanceNotices {
      const open = openAccount
      openAccount = false
      // -1: a page just loaded; what came before it is not news to show again.
      const fresh = after < 0 ? [] : notices.filter((n) => n.seq > after)
      return { notices: fresh, last: seq, openAccount: open }
    }
  }
}
