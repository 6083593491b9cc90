import { formatCents, formatDelta } from '../../../shared/money'
import type { BalanceRecord, Reading } from './balance-log'

/** What a reading means next to the last one kept. */
export type BalanceMove =
  | { kind: 'first' }
  | { kind: 'same' }
  | { kind: 'up'; deltaCents: number }
  | { kind: 'down'; deltaCents: number }
  /** Amounts in two currencies cannot be subtracted: neither a sale nor a withdrawal. */
  | { kind: 'currency'; from: string | null; to: string | null }

export function moveOf(previous: BalanceRecord | null, reading: Reading): BalanceMove {
  if (!previous) return { kind: 'first' }
  if (previous.currency !== reading.currency)
    return { kind: 'currency', from: previous.currency, to: reading.currency }
  const deltaCents = reading.cents - previous.cents
  if (deltaCents > 0) return { kind: 'up', deltaCents }
  if (deltaCents < 0) return { kind: 'down', deltaCents }
  return { kind: 'same' }
}

export interface Notice {
  title: string
  body: string
}

/**
 * Only a rise is notified, and only where the seller left notifications on. A rise is worded
 * as a likely sale: the API has no sales, and a refund reversed or a bonus also credits it.
 */
export function noticeFor(
  move: BalanceMove,
  reading: Reading,
  marketplace: { label: string; notify: boolean }
): Notice | null {
  if (move.kind !== 'up' || !marketplace.notify) return null
  return {
    title: `Balance up ${formatCents(move.deltaCents, reading.currency)} · now ${formatCents(reading.cents, reading.currency)} · ${marketplace.label}`,
    body: 'Likely a sale. Open Account to see how the balance moved.'
  }
}

/** Said once when the watch stops on a refused key: every later read would be refused too. */
export function keyRefusedNotice(label: string): Notice {
  return {
    title: `Balance watch stopped · ${label}`,
    body: 'The marketplace refused the API key. Replace the key in Settings to watch again.'
  }
}

/** "+$21.10 at 14:02" for the tray; "+$21.10 on 24 Nov at 14:02" before today. */
export function trayChangeText(
  deltaCents: number,
  currency: string | null,
  at: Date,
  now: Date
): string {
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`
  const sameDay = at.toDateString() === now.toDateString()
  const day = sameDay
    ? ''
    : ` on ${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}`
  return `${formatDelta(deltaCents, currency)}${day} at ${time}`
}
