import { useEffect, useState } from 'react'
import { HardDrive, KeyRound, ListChecks, Settings2 } from 'lucide-react'
import type { AppInfo } from '../../../../shared/ipc/contract'
import { getBridge } from '../../bridge'
import { useSettings } from '../../stores/settings'
import styles from './Settings.module.css'

/** The keychain's everyday name on each system, so the seller knows where to look. */
export function keychainName(platform: string | undefined): string {
  switch (platform) {
    case 'darwin':
      return 'the macOS Keychain'
    case 'win32':
      return 'the Windows Credential Manager'
    case 'linux':
      return 'the system keyring (GNOME Keyring or KWallet, via the Secret Service)'
    default:
      return 'your system’s keychain'
  }
}

/** A plain statement of what Seller Desk keeps, and where. */
export function StorageSection(): React.JSX.Element {
  const [info, setInfo] = useState<AppInfo | null>(null)
  const dataDir = useSettings((s) => s.cache?.dataDir ?? null)
  useEffect(() => {
    let live = true
    void getBridge()
      .getAppInfo()
      .then((r) => live && r.ok && setInfo(r.data))
    return () => {
      live = false
    }
  }, [])

  return (
    <section className={styles.section} aria-labelledby="storage-title">
      <h2 id="storage-title" className={styles.sectionTitle}>
        What is stored where
      </h2>
      <ul className={styles.storage}>
        <li>
          <KeyRound size={16} aria-hidden />
          <p>
            <strong>API keys</strong> are kept in {keychainName(info?.platform)}, one entry per
            connection, never in a file. A key kept “for this session only” lives in memory and is
            gone when Seller Desk quits.
          </p>
        </li>
        <li>
          <Settings2 size={16} aria-hidden />
          <div>
            <p>
              <strong>Settings</strong> (connection labels and addresses, the theme) are in{' '}
              <code>settings.json</code> in Seller Desk’s data folder{dataDir ? ':' : '.'}
            </p>
            {dataDir && (
              <p className={styles.path} data-testid="data-dir">
                {dataDir}
              </p>
            )}
          </div>
        </li>
        <li>
          <HardDrive size={16} aria-hidden />
          <p>
            <strong>Cached data</strong> (account, items, thumbnails and previews) is in the{' '}
            <code>cache</code> folder beside it, one folder per connection, so the app works
            offline. Removing a connection removes its cache.
          </p>
        </li>
        <li>
          <ListChecks size={16} aria-hidden />
          <p>
            <strong>Lookup history</strong> (codes you checked, their verdicts and times) is kept
            per connection in the same data folder.
          </p>
        </li>
      </ul>
      <p className={styles.hint}>
        Nothing is sent anywhere except to the marketplaces you connect.
      </p>
    </section>
  )
}
