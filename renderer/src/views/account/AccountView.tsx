import { useEffect } from 'react'
import { Settings } from 'lucide-react'
import { useAccount } from '../../stores/account'
import { useConnections } from '../../stores/connections'
import { useNav } from '../../stores/nav'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/States'
import { ViewHeader } from '../../ui/ViewHeader'
import { AccountPage } from './AccountPage'
import { AccountSkeleton } from './AccountSkeleton'
import { BalanceHistory } from './BalanceHistory'
import { StaleBanner } from './StaleBanner'
import styles from './Account.module.css'

export function AccountView(): React.JSX.Element {
  const { account, freshness, status, error, refreshing, refreshError } = useAccount()
  const ensure = useAccount((s) => s.ensure)
  const refresh = useAccount((s) => s.refresh)
  const load = useAccount((s) => s.load)
  const go = useNav((s) => s.go)
  const activeId = useConnections((s) => s.state?.activeId ?? null)

  // Also after a reset (another connection became active) while this view stays open.
  const idle = status === 'idle'
  useEffect(() => {
    void ensure()
  }, [ensure, idle])

  const busy = status === 'loading' || refreshing
  const needsSettings =
    error &&
    (error.kind === 'unauthorized' ||
      error.kind === 'no-connection' ||
      error.kind === 'keychain-unavailable')

  return (
    <>
      <ViewHeader
        title="Account"
        freshness={freshness}
        busy={busy}
        onRefresh={() => void refresh()}
      />
      <div className={styles.body}>
        {account ? (
          <>
            <StaleBanner
              freshness={freshness}
              error={refreshError}
              busy={refreshing}
              onRetry={() => void refresh()}
            />
            <AccountPage account={account} />
            <div className={styles.page}>
              <BalanceHistory key={activeId ?? 'none'} connectionId={activeId} />
            </div>
          </>
        ) : status === 'error' && error ? (
          <ErrorState
            error={error}
            onRetry={() => void load()}
            actions={
              needsSettings ? (
                <Button icon={<Settings size={16} aria-hidden />} onClick={() => go('settings')}>
                  Open Settings
                </Button>
              ) : undefined
            }
          />
        ) : (
          <AccountSkeleton />
        )}
      </div>
    </>
  )
}
