import { getBridge } from '../bridge'
import { toast } from '../ui/toast'

/**
 * Opens a link in the system browser. Main refuses anything but http(s); the seller is
 * told in a toast rather than left wondering why nothing happened.
 */
export async function openExternal(url: string): Promise<boolean> {
  try {
    const r = await getBridge().openExternal({ url })
    if (r.ok) return true
    toast(`Couldn't open the link: ${r.error.message}`)
  } catch {
    toast("Couldn't open the link.")
  }
  return false
}
