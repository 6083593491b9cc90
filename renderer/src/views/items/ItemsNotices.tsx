import { CircleSlash, TriangleAlert } from 'lucide-react'
import { stateOfFailure } from '../../../../shared/connection-status'
import type { AppError } from '../../../../shared/errors'
import type { Freshness, ItemsWindow } from '../../../../shared/ipc/contract'
import { formatDateTime } from '../../lib/format'
import { listTotal, type ItemsList } from '../../stores/items-list'
import { Button } from '../../ui/Button'
import styles from './ItemsNotices.module.css'

const SHOWN_SKIPPED = 3

/** Items the server sent that could not be read: said out loud, never dropped silently. */
function SkippedNotice({ skipped }: { skipped: ItemsWindow['skipped'] }): React.JSX.Element {
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

/**
 * The list endpoint could not be used, so the list holds only the items this app knows
 * (added by id, or seen in a checked purchase): say why it is short and what helps.
 */
function ListShortNotice({
  problem,
  total,
  onAddById
}: {
  problem: NonNullable<ItemsWindow['listProblem']>
  total: number
  onAddById(): void
}): React.JSX.Element {
  const known = `${total} ${total === 1 ? 'item' : 'items'}`
  return (
    <div className={styles.notice} role="status">
      <TriangleAlert size={16} aria-hidden className={styles.icon} />
      <div className={styles.body}>
        {problem === 'server-data-fault' ? (
          <p>
            <strong>The marketplace could not list your items.</strong> Its list fails when any item
            has no sub-category. Give every item a sub-category on the site, then refresh.
            {total > 0 &&
              ` Meanwhile only the ${known} known to this app are shown (added by id or from checked purchase codes): add others by their id.`}
          </p>
        ) : (
          <p>
            <strong>The marketplace did not list your items.</strong> A real install lists nothing
            when a shop has one item or none, so only the {known} known to this app{' '}
            {total === 1 ? 'is' : 'are'} shown (added by id or from checked purchase codes). Add any
            other item by its id.
          </p>
        )}
      </div>
      {total > 0 && (
        <Button size="sm" onClick={onAddById}>
          Add item by id
        </Button>
      )}
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

/** The seller stopped a refresh: the saved list stays, dated, with the way to sync again. */
function CancelledNotice({
  savedAt,
  onRetry
}: {
  savedAt: string
  onRetry(): void
}): React.JSX.Element {
  return (
    <div
      className={`${styles.notice} ${styles.quiet}`}
      role="status"
      data-testid="refresh-cancelled"
    >
      <CircleSlash size={16} aria-hidden className={styles.icon} />
      <p className={styles.body}>
        Refresh cancelled: showing the list saved {formatDateTime(savedAt)}.
      </p>
      <Button size="sm" onClick={onRetry}>
        Refresh
      </Button>
    </div>
  )
}

interface ItemsNoticesProps {
  list: ItemsList
  /** How old the list shown is, and why it is the saved one (a cancelled refresh). */
  freshness?: Freshness | null
  refreshError: AppError | null
  onRetry(): void
  onAddById(): void
}

export function ItemsNotices({
  list,
  freshness,
  refreshError,
  onRetry,
  onAddById
}: ItemsNoticesProps): React.JSX.Element | null {
  const notices = [
    freshness?.refreshErrorKind === 'aborted' && (
      <CancelledNotice key="cancelled" savedAt={freshness.fetchedAt} onRetry={onRetry} />
    ),
    // A failure of the connection itself (offline, key refused, keychain locked) is said once,
    // under the header, in every view's words; what is left here is this list's own trouble.
    refreshError && stateOfFailure(refreshError.kind) === null && (
      <RefreshFailedNotice key="refresh" error={refreshError} onRetry={onRetry} />
    ),
    // With nothing listed the empty state holds the form and says why (all but the fix on the site).
    list.listProblem !== null &&
      (listTotal(list) > 0 || list.listProblem === 'server-data-fault') && (
        <ListShortNotice
          key="short"
          problem={list.listProblem}
          total={listTotal(list)}
          onAddById={onAddById}
        />
      ),
    list.skipped.length > 0 && <SkippedNotice key="skipped" skipped={list.skipped} />
  ].filter(Boolean)
  return notices.length ? <div className={styles.stack}>{notices}</div> : null
}
