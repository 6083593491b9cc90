import { useEffect } from 'react'
import { Settings } from 'lucide-react'
import { useAccount } from '../../stores/account'
import { useConnections } from '../../stores/connections'
import { useNav } from '../../stores/nav'
import { Button } from '../../ui/Button'
import { stateOfFailure } from '../../../../shared/connection-status'
import { EmptyState, ErrorState } from '../../ui/States'
import { ViewHeader } from '../../ui/ViewHeader'
import { AccountPage } from './AccountPage'
import { AccountSkeleton } from './AccountSkeleton'
import { BalanceHistory } from './BalanceHistory'
import styles from './Account.module.css'

export function AccountView(): React.JSX.Element {
  const { account, freshness, status, error, refreshing } = useAccount()
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
            <AccountPage account={account} />
            <div className={styles.page}>
              <BalanceHistory key={activeId ?? 'none'} connectionId={activeId} />
            </div>
          </>
        ) : status === 'error' && error && stateOfFailure(error.kind) !== null ? (
          // The notice under the header already names the reason and the step.
          <EmptyState title="No saved copy of the account yet: it shows once the marketplace answers." />
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
