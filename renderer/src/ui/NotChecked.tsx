import type { ReactNode } from 'react'
import { RotateCw } from 'lucide-react'
import { stateOfFailure, statusSentence } from '../../../shared/connection-status'
import type { AppError } from '../../../shared/errors'
import { VERDICT_LABEL } from '../../../shared/verdict'
import { formatCompactTime } from '../lib/format'
import { hostOf } from '../lib/host'
import { useNow } from '../lib/use-now'
import { selectActive, useConnections } from '../stores/connections'
import { useConnectionStatus } from '../stores/connection-status'
import { Button } from './Button'
import { VERDICT_ICON } from './VerdictBadge'
import styles from './NotChecked.module.css'

/**
 * Why a code was not checked, in one sentence with its one step: the connection's own
 * sentence (offline, key refused, keychain locked, the site's error) as every view says it,
 * or main's sentence for anything else. A function, for a list of codes (Bulk).
 */
export function useNotCheckedWords(): (error: AppError) => string {
  const now = useNow()
  const since = useConnectionStatus((s) => s.status.since)
  const active = useConnections(selectActive)
  return (error) => {
    const state = stateOfFailure(error.kind)
    if (state === null) return error.message
    return (
      statusSentence(
        { state, since, kind: error.kind },
        active ? hostOf(active.baseUrl) : null,
        (iso) => formatCompactTime(iso, now)
      ) ?? error.message
    )
  }
}

/** The sentence for one check (Validate, quick lookup). */
export function useNotCheckedSentence(error: AppError): string
export function useNotCheckedSentence(error: AppError | null): string | null
export function useNotCheckedSentence(error: AppError | null): string | null {
  const words = useNotCheckedWords()
  return error ? words(error) : null
}

/**
 * A check that did not happen is not a verdict: no colour, the grey "Not checked" icon and
 * word every bulk row and CSV uses, the reason and one button (Retry, or the fix).
 */
export function NotChecked({
  error,
  onRetry,
  action
}: {
  error: AppError
  onRetry?: () => void
  /** Instead of Retry, when retrying cannot help (a refused key: Open Settings). */
  action?: ReactNode
}): React.JSX.Element {
  const sentence = useNotCheckedSentence(error)
  const Icon = VERDICT_ICON['not-checked']
  return (
    <div className={styles.card} role="alert" data-verdict="not-checked" data-kind={error.kind}>
      <Icon size={28} aria-hidden className={styles.icon} />
      <div className={styles.text}>
        <p className={styles.word}>{VERDICT_LABEL['not-checked']}</p>
        <p className={styles.sentence}>{sentence}</p>
      </div>
      {action ??
        (onRetry && (
          <Button icon={<RotateCw size={16} aria-hidden />} onClick={onRetry}>
            Retry
          </Button>
        ))}
    </div>
  )
}
