import { clipboard } from 'electron'
import { scanForCode } from '../../../shared/purchase-code'

/** More than any support mail: a huge clipboard (a copied log file) is not scanned whole. */
const MAX_SCANNED = 100_000

/**
 * The purchase code on the clipboard, found the way the Validate field finds one (the first
 * code of a pasted mail), or null when there is none. The text itself never leaves main.
 */
export async function clipboardCode(): Promise<string | null> {
  let text: string
  try {
    text = await clipboard.readText()
  } catch {
    // An unreadable clipboard (another app holds it, a format with no text) is an empty one.
    return null
  }
  const scan = scanForCode(text.slice(0, MAX_SCANNED))
  return scan.kind === 'none' ? null : scan.code
}
