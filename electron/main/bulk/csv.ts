import type { BulkResult } from '../../../shared/ipc/contract'
import { verdictOfBulk } from '../../../shared/verdict'
import { csvFilename, toCsv } from '../history/csv'

/** A bulk check's rows as CSV, in the words the screen uses (`ended`: done or cancelled). */
export function bulkCsv(
  results: readonly BulkResult[],
  ended: boolean,
  now: Date
): { filename: string; csv: string } {
  const csv = toCsv(
    ['Purchase code', 'Result', 'Item ID', 'Item', 'Licence', 'Supported until', 'Message', 'Flag'],
    results.map((r) => {
      const verdict = verdictOfBulk(r, ended, { now })
      return [
        r.code,
        verdict.label,
        r.itemId,
        r.itemName,
        r.license,
        r.supportedUntil,
        // The site's text, what went wrong, or why the code was never sent.
        r.status === 'pending' ? verdict.detail : r.message,
        r.flag === 'was-valid' ? 'Was valid before' : ''
      ]
    })
  )
  return { filename: csvFilename('bulk-check', now), csv }
}
