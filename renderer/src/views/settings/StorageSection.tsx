import { useEffect, useState } from 'react'
import { Database, HardDrive, KeyRound, ListChecks, Settings2 } from 'lucide-react'
import type { AppInfo, ConnectionsState } from '../../../../shared/ipc/contract'
import { getBridge } from '../../bridge'
import { useConnections } from '../../stores/connections'
import { useSettings } from '../../stores/settings'
import card from '../../ui/Card.module.css'
import styles from './Settings.module.css'

/** The keychain's everyday name on each system, so the seller knows where to look. */
function keychainName(platform: string | undefined): string {
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

/**
 * Where the keys are, as things stand: with no keychain (the browser host, a locked or
 * missing Secret Service) new keys live in memory only, and saying "kept in the keyring"
 * would contradict the banner above.
 */
function keysStatement(state: ConnectionsState | null, platform: string | undefined): string {
  const where = keychainName(platform)
  if (state?.keychain === 'unavailable') {
    const saved = state.connections.some((c) => c.keyStorage === 'keychain')
    return (
      'are kept for this session only, because the system keychain is not available: in ' +
      'memory, never in a file, and gone when Seller Desk quits.' +
      (saved ? ` Keys saved earlier stay in ${where}, to be read once it is available again.` : '')
    )
  }
  return (
    `are kept in ${where}, one entry per connection, never in a file. A key kept “for this ` +
    'session only” lives in memory and is gone when Seller Desk quits.'
  )
}

/** A plain statement of what Seller Desk keeps, and where. */
export function StorageSection(): React.JSX.Element {
  const [info, setInfo] = useState<AppInfo | null>(null)
  const dataDir = useSettings((s) => s.cache?.dataDir ?? null)
  const connections = useConnections((s) => s.state)
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
    <section className={`${card.card} ${styles.section}`} aria-labelledby="storage-title">
      <h2 id="storage-title" className={styles.sectionTitle}>
        What is stored where
      </h2>
      <ul className={styles.storage}>
        <li>
          <KeyRound size={16} aria-hidden />
          <p>
            <strong>API keys</strong> {keysStatement(connections, info?.platform)}
          </p>
        </li>
        <li>
          <Settings2 size={16} aria-hidden />
          <div>
            <p>
              <strong>Settings</strong> (connection labels and addresses, the theme) are in{' '}
              <code>settings.json</code> in Seller Desk’s data folder, with the folders below
              {dataDir ? ':' : '.'}
            </p>
            {dataDir && (
              <p className={styles.path} data-testid="data-dir">
                {dataDir}
              </p>
            )}
          </div>
        </li>
        <li>
          <Database size={16} aria-hidden />
          <p>
            <strong>Cached catalogue</strong> (account, items, item ids learnt from checked codes,
            each with when it was fetched) is in <code>cache/&lt;connection&gt;/</code>, one folder
            per connection, so the app opens instantly and works offline.
          </p>
        </li>
        <li>
          <HardDrive size={16} aria-hidden />
          <p>
            <strong>Media</strong> (thumbnails, preview images, screenshots, and the videos and
            audio you keep offline) is in <code>media/</code>, shared by all connections: each file
            is named by a hash of its web address, and <code>index.json</code> lists its type, size
            and last use. Other videos and audio stream and are not saved. Past the cache limit the
            least recently used files go first, kept ones last.
          </p>
        </li>
        <li>
          <ListChecks size={16} aria-hidden />
          <p>
            <strong>Lookup history</strong> (codes you checked, their verdicts and times) is in{' '}
            <code>history/&lt;connection&gt;.jsonl</code>. It is not part of the cache: clearing the
            cache keeps it.
          </p>
        </li>
        <li>
          <ListChecks size={16} aria-hidden />
          <p>
            <strong>Balance log</strong> (the balance the watch read: each change and one reading a
            day, with times and currency; never the key) is in{' '}
            <code>balance/&lt;connection&gt;.jsonl</code>. Clearing the cache keeps it.
          </p>
        </li>
      </ul>
      <p className={styles.hint}>
        Removing a connection removes its key, catalogue, history and balance log, and the media
        files no other connection uses. Nothing is sent anywhere except to the marketplaces you
        connect.
      </p>
    </section>
  )
}
