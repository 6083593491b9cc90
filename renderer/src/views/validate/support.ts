import { validVerdict } from '../../../../shared/verdict'
import { formatDate } from '../../lib/format'

type Tone = 'ok' | 'warn' | 'neutral'

export interface SupportLine {
  tone: Tone
  text: string
}

/**
 * "Support active · 142 days left", "Support expired 3 Mar 2025" or "No support": the
 * shared verdict's detail, toned for the card's support line (no support is plain).
 */
export function supportLine(supportedUntil: string | null, now: Date = new Date()): SupportLine {
  const v = validVerdict(supportedUntil, { now, formatDate })
  const tone: Tone =
    v.state === 'support-expired' ? 'warn' : v.state === 'no-support' ? 'neutral' : 'ok'
  return { tone, text: v.detail }
}
