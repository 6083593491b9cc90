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
