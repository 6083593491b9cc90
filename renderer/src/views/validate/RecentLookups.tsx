import { CircleCheck, CircleX } from 'lucide-react'
import type { Validation } from '../../../../shared/ipc/contract'
import { shortCode } from '../../lib/codes'
import { formatDateTime } from '../../lib/format'
import styles from './Validate.module.css'

/** This session's lookups, newest first; a click shows that verdict again without a call. */
export function RecentLookups({
  recent,
  current,
  onShow
}: {
  recent: readonly Validation[]
  current: string | null
  onShow(v: Validation): void
}): React.JSX.Element | null {
  if (recent.length === 0) return null
  return (
    <section className={styles.recent} aria-labelledby="recent-title">
      <h2 id="recent-title" className={styles.recentTitle}>
        Recent lookups
      </h2>
      <ul className={styles.recentList}>
        {recent.map((v) => (
          <li key={v.code}>
            <button
              type="button"
              className={styles.recentRow}
              aria-current={v.code === current ? 'true' : undefined}
              onClick={() => onShow(v)}
              title={v.code}
            >
              <span className={styles.recentVerdict} data-tone={v.valid ? 'ok' : 'danger'}>
                {v.valid ? (
                  <CircleCheck size={16} aria-hidden />
                ) : (
                  <CircleX size={16} aria-hidden />
                )}
                {v.valid ? 'Valid' : 'Not valid'}
              </span>
              <span className={`${styles.recentCode} mono`}>{shortCode(v.code)}</span>
              <span className={styles.recentItem}>
                {v.valid ? v.purchase.item.name : v.message}
              </span>
              <span className={styles.recentTime}>{formatDateTime(v.checkedAt)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
