import { clipboard } from 'electron'
import { scanForCode } from '../../../shared/purchase-code'

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
  const scan = scanForCode(text)
  return scan.kind === 'none' ? null : scan.code
}
