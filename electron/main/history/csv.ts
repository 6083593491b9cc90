import type { HistoryEntry } from '../../../shared/ipc/contract'
import { verdictOfEntry, type Verdict } from '../../../shared/verdict'

/**
 * A formula start: at the very beginning, or after a `;` or a tab (spreadsheets set to
 * split on semicolons, as many European locales are, read `x;@SUM(1)` as two cells, and a
 * paste or a tab-separated import splits `x<TAB>=SUM(1)` the same way).
 */
const FORMULA = /(?:^|[;\t])[=+\-@\t\r]/

/**
 * One CSV cell, RFC 4180: quoted when it holds a quote, comma, semicolon or line break,
 * quotes doubled. A cell a spreadsheet would run as a formula (= + - @, or a leading tab
 * or carriage return, at the start or after a `;` or a tab) gets a leading apostrophe and every
 * `;` before one is quoted with it: a buyer chooses what a code or an item name says, and
 * an export must not become an attack on the seller's spreadsheet.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (FORMULA.test(text)) {
    // A semicolon- or tab-splitting reader would start a new cell after each `;` or tab:
    // each of those gets its own apostrophe, as the first cell does.
    text = `'${text.replace(/([;\t])(?=[=+\-@\t\r])/g, "$1'")}`
  }
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows joined with CRLF, as RFC 4180 writes them, ending with a line break. */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>
): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** e.g. seller-desk-history-2024-05-01.csv: safe on every file system. */
export function csvFilename(what: string, now: Date): string {
  return `seller-desk-${what}-${now.toISOString().slice(0, 10)}.csv`
}

/**
 * The one shape of an export of checks, History's and a bulk run's alike: the verdict in the
 * verdict model's words (shared/verdict.ts), then what it was about, when, and why.
 */
const CHECK_COLUMNS = [
  'Purchase code',
  'Verdict',
  'Item',
  'Item ID',
  'Licence',
  'Support until',
  'Checked at',
  'Reason'
] as const

export interface CheckRow {
  code: string
  verdict: Verdict
  itemName: string | null
  itemId: number | null
  license: string | null
  supportedUntil: string | null
  checkedAt: string | null
  flag: 'was-valid' | null
}

/**
 * Why the verdict is what it is, where a seller needs telling: the site's words for a code
 * not valid (and that it was valid before, when it was), why a code was not checked.
 */
function reasonOf(row: CheckRow): string {
  const { state, detail } = row.verdict
  if (state === 'not-valid')
    return row.flag === 'was-valid' ? `${detail} · it was valid when checked before` : detail
  return state === 'not-checked' || state === 'waiting' ? detail : ''
}

export function checksCsv(rows: readonly CheckRow[]): string {
  return toCsv(
    CHECK_COLUMNS,
    rows.map((r) => [
      r.code,
      r.verdict.label,
      r.itemName,
      r.itemId,
      r.license,
      r.supportedUntil,
      r.checkedAt,
      reasonOf(r)
    ])
  )
}

/** History's rows in that shape, each verdict judged at `now`. */
export function historyCsv(entries: readonly HistoryEntry[], now: Date): string {
  return checksCsv(
    entries.map((e) => ({
      code: e.code,
      verdict: verdictOfEntry(e, { now }),
      itemName: e.itemName,
      itemId: e.itemId,
      license: e.license,
      supportedUntil: e.supportedUntil,
      checkedAt: e.checkedAt,
      flag: e.flag
    }))
  )
}
