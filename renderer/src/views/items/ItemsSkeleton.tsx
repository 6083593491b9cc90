import { Skeleton } from '../../ui/Skeleton'
import type { Layout } from '../../stores/items'
import styles from './ItemsSkeleton.module.css'

/** Placeholder tiles shaped like the real grid or list, so nothing jumps when data lands. */
export function ItemsSkeleton({ layout }: { layout: Layout }): React.JSX.Element {
  const tiles = Array.from({ length: layout === 'grid' ? 8 : 10 }, (_, i) => i)
  return (
    <div
      className={layout === 'grid' ? styles.grid : styles.list}
      aria-busy="true"
      aria-label="Loading items"
      role="status"
    >
      {tiles.map((i) =>
        layout === 'grid' ? (
          <div key={i} className={styles.card}>
            <Skeleton className={styles.thumb} radius={0} height="auto" />
            <div className={styles.lines}>
              <Skeleton width="85%" height={14} />
              <Skeleton width="55%" height={14} />
              <Skeleton width="40%" height={12} />
              <Skeleton width="50%" height={14} />
            </div>
          </div>
        ) : (
          <div key={i} className={styles.row}>
            <Skeleton width={72} height={45} radius={6} />
            <div className={styles.lines}>
              <Skeleton width="40%" height={14} />
              <Skeleton width="25%" height={12} />
            </div>
          </div>
        )
      )}
    </div>
  )
}
