import type { ReactNode } from 'react'
import { ArrowLeft, RefreshCw } from 'lucide-react'
import type { Freshness } from '../../../shared/ipc/contract'
import { ariaShortcut, shortcutLabel, usePlatform } from '../frame/platform'
import { Button } from './Button'
import { ConnectionNotice, ConnectionStatusLine } from './ConnectionStatus'
import styles from './ViewHeader.module.css'

export interface ViewHeaderProps {
  title: ReactNode
  /** How old the data on this view is; the connection's state is the app's, not the view's. */
  freshness?: Freshness | null
  /** A refresh of this view is running: Refresh waits. */
  busy?: boolean
  onRefresh?: () => void
  actions?: ReactNode
  onBack?: () => void
}

/**
 * The content column's top bar: Back, title, the one connection status, actions, Refresh;
 * and under it, while the connection has a problem, the same sentence on every view.
 */
export function ViewHeader({
  title,
  freshness,
  busy,
  onRefresh,
  actions,
  onBack
}: ViewHeaderProps): React.JSX.Element {
  // Saved data is dated; data just fetched is "synced" by the line itself.
  const dataFrom = freshness?.fetchedAt ?? null
  const mac = usePlatform((s) => s.mac)
  return (
    <>
      <header className={styles.header}>
        {onBack && (
          <Button
            variant="ghost"
            size="sm"
            icon={<ArrowLeft size={16} aria-hidden />}
            onClick={onBack}
            title="Back (Esc)"
          >
            Back
          </Button>
        )}
        {/* Takes the focus when the seller arrives here (frame/arrival-focus.ts), never by Tab. */}
        <h1 className={styles.title} tabIndex={-1}>
          {title}
        </h1>
        <div className={styles.status} aria-live="polite">
          <ConnectionStatusLine dataFrom={dataFrom} />
        </div>
        <div className={styles.actions}>
          {actions}
          {onRefresh && (
            <Button
              size="sm"
              icon={<RefreshCw size={14} aria-hidden />}
              onClick={onRefresh}
              disabled={busy}
              // Where focus goes back to when a refresh's progress bar goes (RefreshProgress.tsx).
              data-action="refresh"
              title={`Refresh (${shortcutLabel('R', mac)})`}
              aria-keyshortcuts={ariaShortcut('R', mac)}
            >
              Refresh
            </Button>
          )}
        </div>
      </header>
      <ConnectionNotice onRetry={onRefresh} />
    </>
  )
}
