import { TriangleAlert } from 'lucide-react'
import type { AppError } from '../../../../shared/errors'
import type { ItemsPayload } from '../../../../shared/ipc/contract'
import { Button } from '../../ui/Button'
import styles from './ItemsNotices.module.css'

const SHOWN_SKIPPED = 3

/** Items the server sent that could not be read: said out loud, never dropped silently. */
function SkippedNotice({ skipped }: { skipped: ItemsPayload['skipped'] }): React.JSX.Element {
  const n = skipped.length
  const first = skipped.slice(0, SHOWN_SKIPPED).map((s) => `items[${s.index}].${s.field}`)
  return (
    <div className={styles.notice} role="status">
      <TriangleAlert size={16} aria-hidden className={styles.icon} />
      <div className={styles.body}>
        <p>
          {n} {n === 1 ? 'item' : 'items'} could not be read:{' '}
          <span className="mono">{first.join(', ')}</span>
          {n > SHOWN_SKIPPED ? ' …' : ''}
        </p>
        <details className={styles.details}>
          <summary>What the marketplace sent wrong</summary>
          <ul>
            {skipped.map((s) => (
              <li key={`${s.index}-${s.field}`}>
                <span className="mono">
                  items[{s.index}].{s.field}
                </span>
                : {s.message}
              </li>
            ))}
          </ul>
        </details>
      </div>
    </div>
  )
}

function DataFaultNotice(): React.JSX.Element {
  return (
    <div className={styles.notice} role="status">
      <TriangleAlert size={16} aria-hidden className={styles.icon} />
      <div className={styles.body}>
        <p>
          <strong>The marketplace could not list your items.</strong> Its list fails when any item
          has no sub-category. Give every item a sub-category on the site, then refresh. Items known
          from purchases and single reads are shown meanwhile.
        </p>
      </div>
    </div>
  )
}

function RefreshFailedNotice({
  error,
  onRetry
}: {
  error: AppError
  onRetry(): void
}): React.JSX.Element {
  return (
    <div className={styles.notice} role="status">
      <TriangleAlert size={16} aria-hidden className={styles.icon} />
      <p className={styles.body}>
        Couldn’t refresh: {error.message} Showing the items from before.
      </p>
      <Button size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  )
}

interface ItemsNoticesProps {
  payload: ItemsPayload
  refreshError: AppError | null
  onRetry(): void
}

export function ItemsNotices({
  payload,
  refreshError,
  onRetry
}: ItemsNoticesProps): React.JSX.Element | null {
  const notices = [
    refreshError && <RefreshFailedNotice key="refresh" error={refreshError} onRetry={onRetry} />,
    payload.listProblem === 'server-data-fault' && <DataFaultNotice key="fault" />,
    payload.skipped.length > 0 && <SkippedNotice key="skipped" skipped={payload.skipped} />
  ].filter(Boolean)
  return notices.length ? <div className={styles.stack}>{notices}</div> : null
}
