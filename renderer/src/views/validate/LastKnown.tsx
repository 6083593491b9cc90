import { History } from 'lucide-react'
import type { HistoryEntry } from '../../../../shared/ipc/contract'
import { formatDateTime } from '../../lib/format'
import { entryVerdict } from '../../lib/verdict'
import verdict from './VerdictCard.module.css'
import styles from './ValidateError.module.css'

/** "Regular licence", or the site's own words when they already say licence. */
function licenceWords(license: string): string {
  return /licen[cs]e|lizenz|licencia|licen[cç]a/i.test(license) ? license : `${license} licence`
}

/**
 * "Valid, Regular licence, Northwind Admin", "Valid · support expired, …" or "Not valid
 * (Invalid purchase code)": the verdict in the words every other screen uses.
 */
function entrySummary(entry: HistoryEntry, now: Date): string {
  const label = entryVerdict(entry, now).label
  if (!entry.valid) return entry.message ? `${label} (${entry.message})` : label
  const parts = [label]
  if (entry.license) parts.push(licenceWords(entry.license))
  if (entry.itemName) parts.push(entry.itemName)
  return parts.join(', ')
}

export function lastKnownText(entry: HistoryEntry, now: Date): string {
  return `Last checked ${formatDateTime(entry.checkedAt, now)}: ${entrySummary(entry, now)}.`
}

/**
 * What the marketplace said the last time this code was checked, shown when it cannot be
 * asked now (offline, on a train): an answer from the history, dated, never a new verdict.
 */
export function LastKnown({ entry, now }: { entry: HistoryEntry; now: Date }): React.JSX.Element {
  return (
    <section
      className={styles.lastKnown}
      data-tone={entryVerdict(entry, now).tone}
      aria-label="Last known verdict"
    >
      <History size={16} aria-hidden />
      <div>
        <p className={styles.lastKnownLine}>{lastKnownText(entry, now)}</p>
        <p className={verdict.checkedAt}>
          From your lookup history: the marketplace has not confirmed it now.
        </p>
      </div>
    </section>
  )
}
