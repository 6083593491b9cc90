import type { Validation } from '../../../shared/ipc/contract'

/** A code handed to the main window, with the verdict already got for it when there is one. */
interface MainLookup {
  code: string
  /** Set when the code was just checked (the lookup window, a tray entry): shown, not re-sent. */
  checked: Validation | null
}

/**
 * Where main leaves a code for a window to pick up: one slot for the main window (deep
 * links, the tray, "Open in Seller Desk") and one for the lookup window (the global
 * shortcut). Windows ask for it (`takePendingLookup`, `takeQuickLookup`) on load, focus and
 * visibility change, so no event or callback ever reaches a page. One slot each: a newer
 * request replaces an older one nobody picked up, which is what the seller meant.
 */
export interface LookupSlots {
  /** Without `checked` (a sellerdesk:// link) the main window checks the code itself. */
  offerMain(code: string, checked?: Validation | null): void
  takeMain(): MainLookup | null
  /** null: the lookup window opens empty with its field focused (no code on the clipboard). */
  offerQuick(code: string | null): void
  takeQuick(): string | null
}

export function createLookupSlots(): LookupSlots {
  let main: MainLookup | null = null
  let quick: string | null = null
  return {
    offerMain: (code, checked = null) => {
      main = { code, checked }
    },
    takeMain: () => {
      const taken = main
      main = null
      return taken
    },
    offerQuick: (code) => {
      quick = code
    },
    takeQuick: () => {
      const code = quick
      quick = null
      return code
    }
  }
}
