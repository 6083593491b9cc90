import { useRef, useState } from 'react'
import { CircleCheck, CircleX, KeyRound, Pencil, PlugZap, Trash2 } from 'lucide-react'
import type { ConnectionView } from '../../../../shared/ipc/contract'
import { getBridge } from '../../bridge'
import { useConnections } from '../../stores/connections'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { toast } from '../../ui/toast'
import { EditConnectionForm } from './EditConnectionForm'
import alert from '../../ui/Alert.module.css'
import rows from './Connections.module.css'

const STORAGE_LABEL: Record<ConnectionView['keyStorage'], string> = {
  keychain: 'Key in the keychain',
  session: 'Key for this session only',
  none: 'No key stored'
}

/** Exactly what removing a connection deletes (main: the key, the cache, the histories). */
function removalText(c: ConnectionView): string {
  const rest = 'its cached account, items and images, its lookup history and its balance log'
  if (c.isDemo) return `This deletes ${rest}.`
  if (c.keyStorage === 'keychain') return `This deletes its API key from the keychain, ${rest}.`
  if (c.keyStorage === 'session')
    return `This forgets its API key (kept for this session), ${rest}.`
  return `This deletes ${rest}.`
}

export function ConnectionRow({
  connection: c,
  active
}: {
  connection: ConnectionView
  active: boolean
}): React.JSX.Element {
  const setActive = useConnections((s) => s.setActive)
  const remove = useConnections((s) => s.remove)
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-remove'>('view')
  const [busy, setBusy] = useState<'use' | 'remove' | 'test' | null>(null)
  const [tested, setTested] = useState<{ ok: boolean; text: string } | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const removeButton = useRef<HTMLButtonElement>(null)

  const use = async (): Promise<void> => {
    setBusy('use')
    const r = await setActive(c.id)
    setBusy(null)
    toast(r.ok ? `Now using ${c.label}` : `Couldn’t switch: ${r.error.message}`)
  }

  // Main reads the stored key and asks for account details: the key never comes here.
  const test = async (): Promise<void> => {
    setBusy('test')
    setTested(null)
    const r = await getBridge().testConnection({ id: c.id })
    setBusy(null)
    setTested(
      r.ok
        ? { ok: true, text: `Connected as @${r.data.username}` }
        : { ok: false, text: r.error.message }
    )
  }

  const cancelRemove = (): void => {
    setMode('view')
    requestAnimationFrame(() => removeButton.current?.focus())
  }

  const confirmRemove = async (): Promise<void> => {
    setBusy('remove')
    const r = await remove(c.id)
    setBusy(null)
    if (r.ok) toast(`Removed ${c.label}`)
    else {
      setMode('view')
      toast(`Couldn’t remove ${c.label}: ${r.error.message}`)
    }
  }

  return (
    <li className={rows.row} aria-label={c.label}>
      <div className={rows.rowMain}>
        <div className={rows.rowText}>
          <div className={rows.rowTitle}>
            <span className={rows.rowLabel}>{c.label}</span>
            {c.isDemo && <Badge tone="accent">Demo</Badge>}
            {active && (
              <Badge tone="ok" icon={<CircleCheck size={11} aria-hidden />}>
                Active
              </Badge>
            )}
          </div>
          <span className={rows.rowUrl}>{c.baseUrl}</span>
          <span className={rows.rowMeta}>
            <KeyRound size={12} aria-hidden />
            {c.isDemo ? 'Built-in demo key' : STORAGE_LABEL[c.keyStorage]}
          </span>
        </div>
        {mode === 'view' && (
          <div className={rows.rowActions}>
            {!active && (
              <Button
                size="sm"
                busy={busy === 'use'}
                onClick={() => void use()}
                aria-label={`Use ${c.label}`}
              >
                Use
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              icon={<PlugZap size={14} aria-hidden />}
              busy={busy === 'test'}
              onClick={() => void test()}
              aria-label={`Test ${c.label}`}
            >
              Test
            </Button>
            <Button
              ref={editButton}
              size="sm"
              variant="ghost"
              icon={<Pencil size={14} aria-hidden />}
              onClick={() => setMode('edit')}
              aria-label={`Edit ${c.label}`}
            >
              Edit
            </Button>
            <Button
              ref={removeButton}
              size="sm"
              variant="ghost"
              icon={<Trash2 size={14} aria-hidden />}
              onClick={() => setMode('confirm-remove')}
              aria-label={`Remove ${c.label}`}
            >
              Remove
            </Button>
          </div>
        )}
      </div>

      {tested && mode === 'view' && (
        <p
          className={tested.ok ? rows.testOk : rows.testFailed}
          role={tested.ok ? 'status' : 'alert'}
          aria-label={`Test result for ${c.label}`}
        >
          {tested.ok ? <CircleCheck size={14} aria-hidden /> : <CircleX size={14} aria-hidden />}
          <span>{tested.text}</span>
        </p>
      )}

      {mode === 'confirm-remove' && (
        <div
          className={`${alert.danger} ${rows.confirm}`}
          role="group"
          aria-label={`Remove ${c.label}?`}
          aria-describedby={`${c.id}-remove-what`}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return
            e.preventDefault()
            e.stopPropagation()
            cancelRemove()
          }}
        >
          <p id={`${c.id}-remove-what`}>
            Remove <strong>{c.label}</strong>? {removalText(c)}
          </p>
          <div className={rows.confirmActions}>
            <Button
              variant="danger"
              size="sm"
              busy={busy === 'remove'}
              onClick={() => void confirmRemove()}
            >
              Remove connection
            </Button>
            {/* The safe choice has the focus: Enter or Space cannot delete by accident. */}
            <Button size="sm" variant="ghost" onClick={cancelRemove} autoFocus>
              Cancel
            </Button>
          </div>
        </div>
      )}

      {mode === 'edit' && (
        <EditConnectionForm
          connection={c}
          onDone={(saved) => {
            setMode('view')
            if (saved) toast(`Saved ${saved}`)
            requestAnimationFrame(() => editButton.current?.focus())
          }}
        />
      )}
    </li>
  )
}
