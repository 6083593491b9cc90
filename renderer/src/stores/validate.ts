import { create } from 'zustand'
import type { AppError } from '../../../shared/errors'
import type { HistoryEntry, SampleCodes, Validation } from '../../../shared/ipc/contract'
import { getBridge } from '../bridge'
import { latestRequest } from '../lib/latest-request'
import {
  isOneWord,
  MAX_SCANNED_TEXT,
  normaliseCode,
  scanForCode
} from '../../../shared/purchase-code'

const MAX_RECENT = 50
/** Lookups from earlier sessions listed under the field when Validate opens. */
const EARLIER_SHOWN = 8

interface ValidateState {
  /** What is in the field (kept when the seller opens the item and comes back). */
  input: string
  checking: boolean
  /** The code of the latest check, for Retry after an error. */
  lastCode: string | null
  result: Validation | null
  error: AppError | null
  /** Epoch ms until which the marketplace asked us to wait. */
  retryAt: number | null
  /**
   * After a failed check: the code's latest entry in the lookup history, so a seller
   * without a connection still sees what the marketplace said last time.
   */
  lastKnown: HistoryEntry | null
  /** This session's lookups, newest first, one per code. */
  recent: Validation[]
  /** The newest lookups from the history (earlier sessions), read when Validate opens. */
  earlier: HistoryEntry[]
  earlierLoaded: boolean
  /**
   * The text the last check's code was pulled out of, when it was more than the code: the
   * field then holds the code checked; the text stays here for "Check all N in Bulk".
   */
  found: { text: string; codes: string[] } | null
  /** The demo's sample codes while the demo is connected; null on a real marketplace. */
  samples: SampleCodes | null
  /** Text that holds nothing code-shaped: said before anything is sent ("Check anyway"). */
  noCode: string | null
  /** The last paste was longer than MAX_SCANNED_TEXT: only its start was searched. */
  cut: boolean
  /** Bumped by Ctrl/Cmd+K: the code field takes focus each time, even if already shown. */
  focusRequest: number

  /** Ctrl/Cmd+K ("check a code"): the shortcut handler asks, the field answers. */
  requestFocus(): void
  setInput(value: string): void
  /**
   * Checks the first code found in `text` (the field's text, a paste). Text without one is
   * not sent unless `anyway`: the seller is told first.
   */
  check(text: string, options?: { anyway?: boolean }): Promise<void>
  retry(): Promise<void>
  show(validation: Validation): void
  /**
   * A verdict got in another window (the lookup window, minutes ago): shown, and listed with
   * this session's lookups as if checked here, without asking the marketplace again.
   */
  adopt(validation: Validation): void
  loadEarlier(): Promise<void>
  loadSamples(): Promise<void>
  reset(): void
}

/** What of a paste was searched, and is kept for "Check all" or "Check anyway". */
const searched = (text: string): string => text.slice(0, MAX_SCANNED_TEXT)

// A later check (or a verdict shown from elsewhere) wins over an earlier one.
const latestCheck = latestRequest()
// Dropped by reset (a connection switch): a history answer that started before it is dropped.
const connection = latestRequest()

/** The code's latest history entry; null when there is none or the history cannot be read. */
async function latestInHistory(code: string): Promise<HistoryEntry | null> {
  const r = await getBridge().listHistory({ query: code, limit: 20 })
  if (!r.ok) return null
  // The query also matches parts of codes, item names and messages: only this code counts.
  return r.data.entries.find((e) => e.code.toLowerCase() === code.toLowerCase()) ?? null
}

/** What the view shows before any check, and again after a connection switch. */
const CLEARED = {
  input: '',
  checking: false,
  lastCode: null,
  result: null,
  error: null,
  retryAt: null,
  lastKnown: null,
  recent: [],
  earlier: [],
  earlierLoaded: false,
  found: null,
  noCode: null,
  cut: false,
  samples: null
} satisfies Partial<ValidateState>

export const useValidate = create<ValidateState>((set, get) => ({
  ...CLEARED,
  focusRequest: 0,
  requestFocus: () => set({ focusRequest: get().focusRequest + 1 }),

  setInput(value) {
    // Edited: what was said about the old text no longer holds.
    set({ input: value, noCode: null, found: null, cut: false })
  },

  async check(raw, options = {}) {
    const scan = scanForCode(raw)
    // Text with a space is never sent, "anyway" or not: main would refuse it as invalid
    // input, and the seller would read two messages about one paste.
    if (scan.kind === 'none' && (!options.anyway || !isOneWord(raw))) {
      if (scan.text !== '') set({ noCode: searched(raw), found: null, cut: scan.cut })
      return
    }
    const code = scan.kind === 'none' ? normaliseCode(raw) : scan.code
    if (!code) return
    const isLatest = latestCheck.start()
    set({
      // The field shows the code that was checked, so it and the card agree.
      input: scan.kind === 'none' ? get().input : code,
      found:
        scan.kind === 'many'
          ? { text: searched(raw), codes: scan.codes }
          : scan.kind === 'one' && scan.extracted
            ? { text: searched(raw), codes: [scan.code] }
            : null,
      noCode: null,
      cut: scan.cut,
      checking: true,
      lastCode: code,
      error: null,
      result: null,
      retryAt: null,
      lastKnown: null
    })
    const r = await getBridge().validatePurchase({ code })
    if (!isLatest()) return
    if (r.ok) {
      const recent = [r.data, ...get().recent.filter((v) => v.code !== r.data.code)].slice(
        0,
        MAX_RECENT
      )
      set({ checking: false, result: r.data, recent })
    } else {
      const retryAt = r.error.retryAfterMs !== undefined ? Date.now() + r.error.retryAfterMs : null
      set({ checking: false, error: r.error, retryAt })
      const lastKnown = await latestInHistory(code)
      if (isLatest()) set({ lastKnown })
    }
  },

  async retry() {
    const code = get().lastCode
    // The same code again, even one sent with "Check anyway".
    if (code) await get().check(code, { anyway: true })
  },

  show(validation) {
    latestCheck.drop()
    set({
      result: validation,
      error: null,
      checking: false,
      retryAt: null,
      lastKnown: null,
      lastCode: validation.code,
      input: validation.code,
      found: null,
      noCode: null
    })
  },

  adopt(validation) {
    get().show(validation)
    const recent = get().recent.filter((v) => v.code !== validation.code)
    set({ recent: [validation, ...recent].slice(0, MAX_RECENT) })
  },

  async loadEarlier() {
    if (get().earlierLoaded) return
    const sameConnection = connection.current()
    set({ earlierLoaded: true })
    const r = await getBridge().listHistory({ limit: EARLIER_SHOWN })
    if (!sameConnection()) return
    // Not there now (no connection yet, a read error): asked again next time Validate opens.
    if (r.ok) set({ earlier: r.data.entries })
    else set({ earlierLoaded: false })
  },

  async loadSamples() {
    const sameConnection = connection.current()
    const r = await getBridge().getSampleCodes()
    // Not worth an error: without samples the screen is the same as on a real marketplace.
    if (sameConnection()) set({ samples: r.ok ? r.data : null })
  },

  reset() {
    latestCheck.drop()
    connection.drop()
    set(CLEARED)
  }
}))
