import { validVerdict } from '../../../../shared/verdict'
import { formatDate } from '../../lib/format'

type Tone = 'ok' | 'warn' | 'neutral'

export interface SupportLine {
  tone: Tone
  text: string
  /** Which of the three valid verdicts: each has its own icon. */
  state: 'supported' | 'support-expired' | 'no-support'
}

/**
 * "Support active · 142 days left", "Support expired 3 Mar 2025" or "No support": the
 * shared verdict's detail in the verdict's own tone (amber for both ways of no support).
 */
export function supportLine(supportedUntil: string | null, now: Date = new Date()): SupportLine {
  const v = validVerdict(supportedUntil, { now, formatDate })
  const tone: Tone = v.tone === 'ok' ? 'ok' : v.tone === 'warn' ? 'warn' : 'neutral'
  const state = v.state === 'support-expired' || v.state === 'no-support' ? v.state : 'supported'
  return { tone, text: v.detail, state }
}
