import type { AppError, Result } from '../../../shared/errors'

/**
 * Saves text the seller asked to export as a download. A Blob link works the same in
 * Electron (its download handler asks where to save) and in the browser host, so no
 * file-system channel is needed and main never writes where the renderer points it.
 */
function saveTextFile(filename: string, text: string, type = 'text/csv'): void {
  // A byte-order mark makes spreadsheet apps read the file as UTF-8 (item names and
  // messages are not always ASCII).
  const blob = new Blob(['\ufeff', text], { type: `${type};charset=utf-8` })
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = safeFilename(filename)
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
    // Revoked on the next turn: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(href), 0)
  }
}

/** Main names the file; the name is still reduced to characters every file system takes. */
function safeFilename(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '')
  return cleaned.length > 0 ? cleaned.slice(0, 120) : 'export.csv'
}

export interface CsvExport {
  exporting: boolean
  exportError: AppError | null
}

/**
 * Asks main for a CSV and saves it, saying meanwhile that it is under way; true once
 * saved. An answer no longer wanted (`stillWanted` false: another job, another
 * connection) is neither saved nor shown.
 */
export async function exportCsvFile(
  ask: () => Promise<Result<{ filename: string; csv: string }>>,
  write: (state: Partial<CsvExport>) => void,
  stillWanted: () => boolean
): Promise<boolean> {
  write({ exporting: true, exportError: null })
  const r = await ask()
  if (!stillWanted()) return false
  if (!r.ok) {
    write({ exporting: false, exportError: r.error })
    return false
  }
  saveTextFile(r.data.filename, r.data.csv)
  write({ exporting: false })
  return true
}
