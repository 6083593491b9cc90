import { X } from 'lucide-react'
import { useToasts } from './toast'
import styles from './Toaster.module.css'

/**
 * Rendered once by App. The region exists from the start so screen readers hear additions.
 * Docked (in the frame, under the content column) it takes room of its own rather than
 * floating over the view, so a toast never covers a button; without a frame it floats.
 */
export function Toaster({ docked = false }: { docked?: boolean }): React.JSX.Element {
  const toasts = useToasts((s) => s.toasts)
  const dismiss = useToasts((s) => s.dismiss)
  return (
    <div
      className={docked ? styles.docked : styles.region}
      role="status"
      aria-live="polite"
      data-testid="toasts"
    >
      {toasts.map((t) => (
        <div key={t.id} className={styles.toast}>
          <span>{t.message}</span>
          <button
            type="button"
            className={styles.close}
            aria-label="Dismiss"
            onClick={() => dismiss(t.id)}
          >
            <X size={14} aria-hidden />
          </button>
        </div>
      ))}
    </div>
  )
}
