import type { HistoryEntry } from '../../../shared/ipc/contract'
import { verdictOfEntry, type VerdictState } from '../../../shared/verdict'

/**
 * The words a seller might type for a verdict, so "refunded", "expired" or "no support"
 * filter the list. Support is judged now, as the table shows it.
 */
function verdictMatcher(q: string, now: Date): ((e: HistoryEntry) => boolean) | null {
  const state = (e: HistoryEntry): VerdictState => verdictOfEntry(e, { now }).state
  if (q === 'valid') return (e) => e.valid
  if (['not valid', 'not-valid', 'invalid'].includes(q)) return (e) => !e.valid
  if (['was-valid', 'was valid', 'refunded', 'cancelled', 'canceled', 'flagged'].includes(q))
    return (e) => e.flag === 'was-valid'
  if (['expired', 'support expired', 'support ended'].includes(q))
    return (e) => state(e) === 'support-expired'
  if (['no support', 'unsupported', 'without support'].includes(q))
    return (e) => state(e) === 'no-support'
  if (['supported', 'support active', 'active'].includes(q)) return (e) => state(e) === 'supported'
  return null
}

/** What History's search box asks: a verdict word, or part of a code, item name or message. */
export function historyMatcher(query: string, now: Date): (e: HistoryEntry) => boolean {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ')
  const verdict = verdictMatcher(q, now)
  return (e) =>
    q === '' ||
    (verdict
      ? verdict(e)
      : e.code.includes(q) ||
        (e.itemName?.toLowerCase().includes(q) ?? false) ||
        (e.message?.toLowerCase().includes(q) ?? false) ||
        (e.license?.toLowerCase().includes(q) ?? false) ||
        verdictOfEntry(e, { now }).label.toLowerCase().includes(q) ||
        (e.itemId !== null && String(e.itemId) === q))
}
