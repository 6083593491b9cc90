import { daysBetween, formatDate } from '../../lib/format'

export type Tone = 'ok' | 'warn' | 'neutral'

export interface SupportLine {
  tone: Tone
  text: string
}

/** "Support active · 142 days left", "Support expired 3 Mar 2025" or "No support". */
export function supportLine(supportedUntil: string | null, now: Date = new Date()): SupportLine {
  if (!supportedUntil) return { tone: 'neutral', text: 'No support' }
  const until = new Date(supportedUntil)
  if (Number.isNaN(until.getTime()))
    return { tone: 'neutral', text: `Support until ${supportedUntil}` }
  if (until.getTime() <= now.getTime())
    return { tone: 'warn', text: `Support expired ${formatDate(supportedUntil)}` }
  const days = daysBetween(now.toISOString(), supportedUntil)
  if (days < 1) return { tone: 'ok', text: 'Support active · ends today' }
  return { tone: 'ok', text: `Support active · ${days} ${days === 1 ? 'day' : 'days'} left` }
}
