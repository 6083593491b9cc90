import { Skeleton } from '../../ui/Skeleton'
import card from '../../ui/Card.module.css'
import styles from './Account.module.css'

/** The account page's outline: cover, avatar, name lines, balance, profile card. */
export function AccountSkeleton(): React.JSX.Element {
  return (
    <div
      className={styles.page}
      aria-busy="true"
      aria-label="Loading the account"
      data-testid="account-skeleton"
    >
      <Skeleton className={styles.cover} radius="var(--radius-card)" height="auto" />
      <div className={styles.identityRow}>
        <div className={styles.identity}>
          <Skeleton className={styles.avatar} height={96} width={96} radius="50%" />
          <div className={styles.names}>
            <Skeleton height={28} width={220} />
            <Skeleton height={16} width={120} />
            <Skeleton height={16} width={180} />
          </div>
        </div>
        <div className={`${card.card} ${styles.balance}`}>
          <Skeleton height={14} width={70} />
          <Skeleton height={40} width={180} />
        </div>
      </div>
      <div className={`${card.card} ${styles.card}`}>
        <Skeleton height={18} width={140} />
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </div>
    </div>
  )
}
