import { useEffect, useState } from 'react'
import { getBridge } from '../bridge'
import { DismissButton } from './DismissButton'
import alert from '../ui/Alert.module.css'
import styles from './Notices.module.css'

// Taken once per page load: the view column remounts (a connection switch, StrictMode)
// and must neither lose the line nor show it again once dismissed.
let taken: Promise<string | null> | null = null
let dismissed = false
const takeOnce = (): Promise<string | null> =>
  (taken ??= getBridge()
    .takeCrashNotice()
    .then((r) => (r.ok ? r.data.line : null)))

export function resetCrashNoticeForTests(): void {
  taken = null
  dismissed = false
}

/**
 * After main reloaded this window because its page died: one line, once (main forgets it
 * as it hands it over), until the seller dismisses it.
 */
export function CrashNotice(): React.JSX.Element | null {
  const [line, setLine] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void takeOnce().then((l) => live && !dismissed && setLine(l))
    return () => {
      live = false
    }
  }, [])
  if (line === null) return null
  return (
    <div className={`${styles.notice} ${alert.warn}`} role="status">
      <p className={styles.text}>{line}</p>
      <DismissButton
        onDismiss={() => {
          dismissed = true
          setLine(null)
        }}
      />
    </div>
  )
}
