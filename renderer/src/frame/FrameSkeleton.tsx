import { Skeleton } from '../ui/Skeleton'
import styles from './FrameSkeleton.module.css'

/** The window's shape while the connection list loads, so nothing jumps when it arrives. */
export function FrameSkeleton(): React.JSX.Element {
  return (
    <div className={styles.shell} aria-busy="true" aria-label="Loading Seller Desk">
      <div className={styles.sidebar}>
        <Skeleton height={20} width={120} />
        <Skeleton height={48} />
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={28} />
        ))}
      </div>
      <div className={styles.content}>
        <ViewFallback />
      </div>
    </div>
  )
}

/** A view's shape while its code loads. */
export function ViewFallback(): React.JSX.Element {
  return (
    <div className={styles.view} aria-busy="true">
      <Skeleton height={24} width={180} />
      <Skeleton height={160} radius="var(--radius-card)" />
      <Skeleton height={16} width="60%" />
      <Skeleton height={16} width="40%" />
    </div>
  )
}
