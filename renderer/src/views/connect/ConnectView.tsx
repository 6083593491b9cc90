import { useState } from 'react'
import { Sparkles, Store } from 'lucide-react'
import { useConnections } from '../../stores/connections'
import { useNav } from '../../stores/nav'
import { Button } from '../../ui/Button'
import field from '../../ui/Field.module.css'
import { ConnectForm } from './ConnectForm'
import { KeySteps } from './KeySteps'
import card from '../../ui/Card.module.css'
import styles from './Connect.module.css'

/** First run: connect a marketplace, or look around in the built-in demo. */
export function ConnectView(): React.JSX.Element {
  const startDemo = useConnections((s) => s.startDemo)
  const go = useNav((s) => s.go)
  const [demoBusy, setDemoBusy] = useState(false)
  const [demoError, setDemoError] = useState<string | null>(null)

  const explore = async (): Promise<void> => {
    setDemoBusy(true)
    setDemoError(null)
    const r = await startDemo()
    setDemoBusy(false)
    if (r.ok) go('account')
    else setDemoError(r.error.message)
  }

  return (
    <main className={styles.screen}>
      <div className={styles.column}>
        <div className={`${card.card} ${styles.card}`}>
          <div className={styles.head}>
            <Store size={24} aria-hidden className={styles.logo} />
            <h1>Connect your marketplace</h1>
            <p>
              Seller Desk reads your account, items and purchase codes with your seller API key.
            </p>
          </div>
          <ConnectForm autoFocus onConnected={() => go('account')} />
        </div>
        <KeySteps />
        <div className={styles.demo}>
          <span>No key at hand?</span>
          <Button
            icon={<Sparkles size={16} aria-hidden />}
            busy={demoBusy}
            onClick={() => void explore()}
          >
            Explore the demo
          </Button>
          {demoError && (
            <p role="alert" className={field.fieldError}>
              {demoError}
            </p>
          )}
        </div>
      </div>
    </main>
  )
}
