import {
  CircleCheck,
  CircleDashed,
  CircleMinus,
  CircleX,
  ShieldAlert,
  ShieldOff,
  type LucideIcon
} from 'lucide-react'
import type { Verdict, VerdictState } from '../../../shared/verdict'
import styles from './VerdictBadge.module.css'

/** One icon per verdict, the same on every screen: never colour alone. */
export const VERDICT_ICON: Record<VerdictState, LucideIcon> = {
  supported: CircleCheck,
  'support-expired': ShieldAlert,
  'no-support': ShieldOff,
  'not-valid': CircleX,
  'not-checked': CircleMinus,
  waiting: CircleDashed
}

/**
 * A verdict's icon and words in its colour: bulk rows and summary, History, recent
 * lookups. Props in, nothing read from a store, so any window can show one.
 */
export function VerdictBadge({
  verdict,
  size = 16
}: {
  verdict: Pick<Verdict, 'state' | 'label' | 'tone'>
  size?: number
}): React.JSX.Element {
  const Icon = VERDICT_ICON[verdict.state]
  return (
    <span className={styles.badge} data-tone={verdict.tone} data-verdict={verdict.state}>
      <Icon size={size} aria-hidden className={styles.icon} />
      {verdict.label}
    </span>
  )
}
