import type { ReactNode } from 'react'
import { CircleAlert, RotateCw } from 'lucide-react'
import type { AppError } from '../../../shared/errors'
import { Button } from './Button'
import { errorHeading, errorNextStep } from './error-copy'
import styles from './States.module.css'

export interface EmptyStateProps {
  /** One sentence saying why there is nothing here. */
  title: string
  /** The action that fixes it. */
  action?: ReactNode
  icon?: ReactNode
  children?: ReactNode
}

export function EmptyState({ title, action, icon, children }: EmptyStateProps): React.JSX.Element {
  return (
    <div className={styles.state}>
      {icon && (
        <div className={styles.icon} aria-hidden>
          {icon}
        </div>
      )}
      <p className={styles.title}>{title}</p>
      {children && <div className={styles.detail}>{children}</div>}
      {action && <div className={styles.actions}>{action}</div>}
    </div>
  )
}

export interface ErrorStateProps {
  error: AppError
  onRetry?: () => void
  /** Extra actions beside Retry (e.g. "Open Settings"). */
  actions?: ReactNode
  /** A card in the flow of a view (where a result would appear) instead of the view's whole body. */
  inline?: boolean
  /**
   * False when the message already says what to do (main's invalid-input answers do):
   * the generic next step would only repeat or contradict it.
   */
  withNextStep?: boolean
}

/** One heading from the error's kind, the message as main phrased it, the next step, Retry. */
export function ErrorState({
  error,
  onRetry,
  actions,
  inline = false,
  withNextStep = true
}: ErrorStateProps): React.JSX.Element {
  const next = withNextStep ? errorNextStep(error) : error.message
  return (
    <div className={`${styles.state} ${styles.error} ${inline ? styles.inline : ''}`} role="alert">
      <div className={styles.icon} aria-hidden>
        <CircleAlert size={28} />
      </div>
      <p className={styles.title}>{errorHeading(error.kind)}</p>
      <p className={styles.detail}>{error.message}</p>
      {next !== error.message && <p className={styles.detail}>{next}</p>}
      {(onRetry || actions) && (
        <div className={styles.actions}>
          {onRetry && (
            <Button variant="primary" icon={<RotateCw size={16} aria-hidden />} onClick={onRetry}>
              Retry
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  )
}
