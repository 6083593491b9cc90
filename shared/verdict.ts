import type { BulkResult, HistoryEntry, Validation } from './ipc/contract'
import type { Purchase } from './model'

/**
 * The one verdict model. A check ends in one of these, and every place that shows or
 * exports a check (the Validate card, recent lookups, bulk rows and summary, History, both
 * CSVs) computes it here, so a code whose support ended reads the same everywhere.
 * Support is judged against `now` when shown, not when checked: a date passes.
 */
export const VERDICT_STATES = [
  'supported',
  'support-expired',
  'no-support',
  'not-valid',
  'not-checked',
  'waiting'
] as const
export type VerdictState = (typeof VERDICT_STATES)[number]

/**
 * Colour by what the seller should do: green only while the buyer has support; amber for a
 * valid purchase without it (expired or never bought), since neither buyer gets support;
 * red not valid; grey unknown. Words and icons tell the two ambers apart.
 */
export type VerdictTone = 'ok' | 'warn' | 'danger' | 'neutral'

export interface Verdict {
  state: VerdictState
  /** The word(s) beside the icon, the same on every screen and in CSV. */
  label: string
  /** One line more: the support left, the site's reason, why a code was not checked. */
  detail: string
  tone: VerdictTone
}

export const VERDICT_LABEL: Record<VerdictState, string> = {
  supported: 'Valid · support active',
  'support-expired': 'Valid · support expired',
  'no-support': 'Valid · no support',
  'not-valid': 'Not valid',
  'not-checked': 'Not checked',
  waiting: 'Waiting'
}

export const VERDICT_TONE: Record<VerdictState, VerdictTone> = {
  supported: 'ok',
  'support-expired': 'warn',
  'no-support': 'warn',
  'not-valid': 'danger',
  'not-checked': 'neutral',
  waiting: 'neutral'
}

const NOT_VALID_DETAIL = 'Unknown, refunded or cancelled'

const DAY_MS = 86_400_000

export interface VerdictOptions {
  now: Date
  /** How a date reads on this screen; ISO day (2025-03-03) when not given (CSV, main). */
  formatDate?: (iso: string) => string
}

const isoDay = (iso: string): string => iso.slice(0, 10)

function make(state: VerdictState, detail: string): Verdict {
  return { state, label: VERDICT_LABEL[state], detail, tone: VERDICT_TONE[state] }
}

/** Whole days from `now` until `until`, rounded down; 0 on the last day. */
function daysLeft(until: Date, now: Date): number {
  return Math.max(0, Math.floor((until.getTime() - now.getTime()) / DAY_MS))
}

/** A valid purchase's verdict: its support decides which of the three valid states. */
export function validVerdict(supportedUntil: string | null, options: VerdictOptions): Verdict {
  const format = options.formatDate ?? isoDay
  if (!supportedUntil) return make('no-support', 'No support')
  const until = new Date(supportedUntil)
  // An unreadable date is still a date the site set: shown as sent, counted as supported.
  if (Number.isNaN(until.getTime())) return make('supported', `Support until ${supportedUntil}`)
  if (until.getTime() <= options.now.getTime())
    return make('support-expired', `Support expired ${format(supportedUntil)}`)
  const days = daysLeft(until, options.now)
  if (days < 1) return make('supported', 'Support active · ends today')
  return make('supported', `Support active · ${days} ${days === 1 ? 'day' : 'days'} left`)
}

function notValidVerdict(message: string | null): Verdict {
  // The site's own words, as sent (it may translate them); ours when it sent none.
  return make('not-valid', message?.trim() || NOT_VALID_DETAIL)
}

export function verdictOfValidation(v: Validation, options: VerdictOptions): Verdict {
  return v.valid ? validVerdict(v.purchase.supported_until, options) : notValidVerdict(v.message)
}

export function verdictOfEntry(e: HistoryEntry, options: VerdictOptions): Verdict {
  return e.valid ? validVerdict(e.supportedUntil, options) : notValidVerdict(e.message)
}

/**
 * A bulk row. A code not answered yet is waiting while its job runs and "not checked"
 * once the job has ended (cancelled); a code that failed is "not checked" with the reason.
 */
export function verdictOfBulk(r: BulkResult, jobEnded: boolean, options: VerdictOptions): Verdict {
  switch (r.status) {
    case 'valid':
      return validVerdict(r.supportedUntil, options)
    case 'not-valid':
      return notValidVerdict(r.message)
    case 'error':
      return make('not-checked', r.message ?? 'The marketplace could not be asked.')
    case 'pending':
      return jobEnded
        ? make('not-checked', 'The check was cancelled before this code was sent.')
        : make('waiting', 'Waiting its turn')
  }
}

/** How many of each state, for the bulk summary. */
export function countVerdicts(verdicts: Iterable<Verdict>): Record<VerdictState, number> {
  const counts = Object.fromEntries(VERDICT_STATES.map((s) => [s, 0])) as Record<
    VerdictState,
    number
  >
  for (const v of verdicts) counts[v.state]++
  return counts
}

/** The marketplace's answer as the app keeps it: a purchase, or the site's reason. */
export type PurchaseAnswer = { valid: true; purchase: Purchase } | { valid: false; message: string }

/** One answer for one code at one time: the one purchase check (main's lookup/) builds it here. */
export function validationOf(answer: PurchaseAnswer, code: string, checkedAt: string): Validation {
  return answer.valid
    ? { valid: true, purchase: answer.purchase, code, checkedAt }
    : { valid: false, message: answer.message, code, checkedAt }
}

/**
 * A validation as one row: History keeps it so, bulk builds its row from it, and the
 * recent lookups list it beside the history's rows. `flag` is history's judgement.
 */
export function entryOf(validation: Validation, flag: HistoryEntry['flag']): HistoryEntry {
  if (validation.valid) {
    const p = validation.purchase
    return {
      code: validation.code,
      valid: true,
      checkedAt: validation.checkedAt,
      message: null,
      license: p.license_type,
      itemId: p.item.id,
      itemName: p.item.name,
      supportedUntil: p.supported_until,
      price: p.price,
      currency: p.currency,
      downloaded: p.downloaded,
      flag
    }
  }
  return {
    code: validation.code,
    valid: false,
    checkedAt: validation.checkedAt,
    message: validation.message,
    license: null,
    itemId: null,
    itemName: null,
    supportedUntil: null,
    price: null,
    currency: null,
    downloaded: null,
    flag
  }
}
