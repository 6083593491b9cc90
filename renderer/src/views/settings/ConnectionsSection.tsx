import { useRef, useState, type KeyboardEvent } from 'react'
import { Plus, Sparkles } from 'lucide-react'
import { useConnections } from '../../stores/connections'
import { Button } from '../../ui/Button'
import { toast } from '../../ui/toast'
import { ConnectForm } from '../connect/ConnectForm'
import { ConnectionRow } from './ConnectionRow'
import card from '../../ui/Card.module.css'
import rows from './Connections.module.css'
import styles from './Settings.module.css'

export function ConnectionsSection(): React.JSX.Element | null {
  const state = useConnections((s) => s.state)
  const startDemo = useConnections((s) => s.startDemo)
  const [adding, setAdding] = useState(false)
  const [demoBusy, setDemoBusy] = useState(false)
  const addButton = useRef<HTMLButtonElement>(null)
  if (!state) return null

  // Cancel, Escape or a saved connection: the form goes and the focus returns to its button.
  const closeForm = (): void => {
    setAdding(false)
    requestAnimationFrame(() => addButton.current?.focus())
  }
  const onFormKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape') return
    e.preventDefault()
    e.stopPropagation()
    closeForm()
  }
  const hasDemo = state.connections.some((c) => c.isDemo)

  const explore = async (): Promise<void> => {
    setDemoBusy(true)
    const r = await startDemo()
    setDemoBusy(false)
    toast(
      r.ok ? 'Connected to the demo marketplace' : `Couldn’t start the demo: ${r.error.message}`
    )
  }

  return (
    <section className={`${card.card} ${styles.section}`} aria-labelledby="connections-title">
      <div className={styles.sectionHead}>
        <h2 id="connections-title" className={styles.sectionTitle}>
          Connections
        </h2>
        {!adding && (
          <div className={styles.sectionActions}>
            {!hasDemo && (
              <Button
                size="sm"
                variant="ghost"
                icon={<Sparkles size={14} aria-hidden />}
                busy={demoBusy}
                onClick={() => void explore()}
              >
                Add the demo
              </Button>
            )}
            <Button
              ref={addButton}
              size="sm"
              icon={<Plus size={14} aria-hidden />}
              onClick={() => setAdding(true)}
            >
              Add connection
            </Button>
          </div>
        )}
      </div>

      {state.settingsNotice && (
        <p className={styles.warning} role="status">
          {state.settingsNotice}
        </p>
      )}

      {state.keychain === 'unavailable' && (
        <p className={styles.warning} role="status">
          The system keychain is not available: new keys can only be kept for this session.
        </p>
      )}

      <ul className={rows.connections} aria-label="Connections">
        {state.connections.map((c) => (
          <ConnectionRow key={c.id} connection={c} active={c.id === state.activeId} />
        ))}
      </ul>

      {adding && (
        <div className={rows.addCard} onKeyDown={onFormKey}>
          <h3 className={rows.cardTitle}>Add a connection</h3>
          <ConnectForm
            autoFocus
            onConnected={(c) => {
              closeForm()
              toast(`Connected to ${c.label}`)
            }}
            onCancel={closeForm}
          />
        </div>
      )}
    </section>
  )
}
