import type { Validation } from '../../../shared/ipc/contract'

/** How long a check stands for a hand-over: long enough to read it and click "Open". */
export const FRESH_FOR_MS = 5 * 60_000
const KEPT = 20

/**
 * The latest single checks main answered, per connection. When a window hands a code over
 * to the main window ("Open in Seller Desk", a tray entry), the main window shows this
 * verdict instead of asking the marketplace again, so one lookup is one request and one
 * History row. Memory only: after a restart, a hand-over checks again.
 */
export interface FreshVerdicts {
  remember(connectionId: string, validation: Validation): void
  /** The code's check on this connection if it is younger than FRESH_FOR_MS; null otherwise. */
  find(connectionId: string, code: string): Validation | null
}

export function createFreshVerdicts(now: () => number = Date.now): FreshVerdicts {
  let kept: { connectionId: string; validation: Validation }[] = []
  const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()
  return {
    remember(connectionId, validation) {
      kept = [
        { connectionId, validation },
        ...kept.filter(
          (k) => !(k.connectionId === connectionId && same(k.validation.code, validation.code))
        )
      ].slice(0, KEPT)
    },
    find(connectionId, code) {
      const hit = kept.find((k) => k.connectionId === connectionId && same(k.validation.code, code))
      if (!hit) return null
      const age = now() - new Date(hit.validation.checkedAt).getTime()
      // A clock set back makes the age negative: not trusted as fresh.
      return age >= 0 && age < FRESH_FOR_MS ? hit.validation : null
    }
  }
}
