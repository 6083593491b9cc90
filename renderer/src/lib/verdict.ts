import type { BulkResult, HistoryEntry } from '../../../shared/ipc/contract'
import {
  verdictOfBulk,
  verdictOfEntry,
  type Verdict,
  type VerdictOptions
} from '../../../shared/verdict'
import { formatDate } from './format'

/** The shared model with dates as this screen writes them. */
const on = (now: Date): VerdictOptions => ({ now, formatDate })

export const entryVerdict = (e: HistoryEntry, now: Date): Verdict => verdictOfEntry(e, on(now))
export const bulkVerdict = (r: BulkResult, jobEnded: boolean, now: Date): Verdict =>
  verdictOfBulk(r, jobEnded, on(now))
