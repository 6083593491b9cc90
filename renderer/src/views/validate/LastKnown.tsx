import { History } from 'lucide-react'
import type { HistoryEntry } from '../../../../shared/ipc/contract'
import { formatDateTime } from '../../lib/format'
import styles from './Validate.module.css'

/** "Regular licence", or the site's own words when they already say licence. */
function licenceWords(license: string): string {
  return /licen[cs]e|lizenz|licencia|licen[cç]a/i.test(license) ? license : `${license} licence`
}

/** "Valid, Regular licence, Northwind Admin" or "Not valid (Invalid purchase code)". */
export function entrySummary(entry: HistoryEntry): string {
  if (!entry.valid) return entry.message ? `Not valid (${entry.message})` : 'Not valid'
  const parts = ['Valid']
  if (entry.license) parts.push(licenceWords(entry.license))
  if (entry.itemName) parts.push(entry.itemName)
  return parts.join(', ')
}

export function lastKnownText(entry: HistoryEntry, now: Date): string {
  return `Last checked ${formatDateTime(entry.checkedAt, now)}: ${entrySummary(entry)}.`
}

/**
 * What the marketplace said the last time this code was checked, shown when it cannot be
 * asked now (offline, on a train): an answer from the history, dated, never a new verdict.
 */
export function LastKnown({ entry, now }: { entry: HistoryEntry; now: Date }): React.JSX.Element {
  return (
    <section
      className={styles.lastKnown}
      data-tone={entry.valid ? 'ok' : 'danger'}
      aria-label="Last known verdict"
    >
      <History size={16} aria-hidden />
      <div>
        <p className={styles.lastKnownLine}>{lastKnownText(entry, now)}</p>
        <p className={styles.checkedAt}>
          From your lookup history: the marketplace has not confirmed it now.
        </p>
      </div>
    </section>
  )
}
