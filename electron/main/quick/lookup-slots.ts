/**
 * Where main leaves a code for a window to pick up: one slot for the main window (deep
 * links, the tray, "Open in Seller Desk") and one for the lookup window (the global
 * shortcut). Windows ask for it (`takePendingLookup`, `takeQuickLookup`) on load, focus and
 * visibility change, so no event or callback ever reaches a page. One slot each: a newer
 * request replaces an older one nobody picked up, which is what the seller meant.
 */
export interface LookupSlots {
  offerMain(code: string): void
  takeMain(): string | null
  /** null: the lookup window opens empty with its field focused (no code on the clipboard). */
  offerQuick(code: string | null): void
  takeQuick(): string | null
}

export function createLookupSlots(): LookupSlots {
  let main: string | null = null
  let quick: string | null = null
  return {
    offerMain: (code) => {
      main = code
    },
    takeMain: () => {
      const code = main
      main = null
      return code
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
