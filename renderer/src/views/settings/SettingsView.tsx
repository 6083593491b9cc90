import { ViewHeader } from '../../ui/ViewHeader'
import { BalanceWatchSection } from './BalanceWatchSection'
import { CacheSection } from './CacheSection'
import { ConnectionsSection } from './ConnectionsSection'
import { QuickLookupSection } from './QuickLookupSection'
import { StorageSection } from './StorageSection'
import { ThemeSection } from './ThemeSection'
import { UpdatesSection } from './UpdatesSection'
import styles from './Settings.module.css'

export function SettingsView(): React.JSX.Element {
  return (
    <>
      <ViewHeader title="Settings" />
      <div className={styles.body}>
        <ConnectionsSection />
        <ThemeSection />
        <QuickLookupSection />
        <BalanceWatchSection />
        <UpdatesSection />
        <CacheSection />
        <StorageSection />
      </div>
    </>
  )
}
