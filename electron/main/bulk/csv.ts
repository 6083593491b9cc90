import type { BulkResult } from '../../../shared/ipc/contract'
import { verdictOfBulk } from '../../../shared/verdict'
import { checksCsv, csvFilename } from '../history/csv'

/** A bulk check's rows as CSV, in History's columns and words (`ended`: done or cancelled). */
export function bulkCsv(
  results: readonly BulkResult[],
  ended: boolean,
  now: Date
): { filename: string; csv: string } {
  const csv = checksCsv(
    results.map((r) => ({
      code: r.code,
      verdict: verdictOfBulk(r, ended, { now }),
      itemName: r.itemName,
      itemId: r.itemId,
      license: r.license,
      supportedUntil: r.supportedUntil,
      checkedAt: r.checkedAt ?? null,
      flag: r.flag
    }))
  )
  return { filename: csvFilename('bulk-check', now), csv }
}
