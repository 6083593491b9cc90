import { useId, useState, type FormEvent } from 'react'
import { TriangleAlert } from 'lucide-react'
import type { ConnectionView, RequestOf } from '../../../../shared/ipc/contract'
import { useConnections } from '../../stores/connections'
import { Button } from '../../ui/Button'
import field from '../../ui/Field.module.css'
import { KeyField } from '../../ui/KeyField'
import { describeConnectError, type ConnectProblem } from '../connect/connect-errors'
import connect from '../connect/Connect.module.css'
import alert from '../../ui/Alert.module.css'
import rows from './Connections.module.css'
import styles from './Settings.module.css'

interface Props {
  connection: ConnectionView
  /** Called with the saved label, or null when cancelled. */
  onDone(saved: string | null): void
}

/** The origin a typed address names, read as main reads it (https when no scheme); null when unreadable. */
function originOf(raw: string): string | null {
  const text = raw.trim()
  try {
    return new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`).origin
  } catch {
    return null
  }
}

/** Label, address and a replacement key; only what changed is sent, and main tests it first. */
export function EditConnectionForm({ connection: c, onDone }: Props): React.JSX.Element {
  const update = useConnections((s) => s.update)
  const [label, setLabel] = useState(c.label)
  const [baseUrl, setBaseUrl] = useState(c.baseUrl)
  const [apiKey, setApiKey] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<ConnectProblem | null>(null)
  const id = useId()

  const newOrigin = originOf(baseUrl)
  // A saved key is only ever sent to the site it was saved for (main refuses otherwise).
  const needsKey =
    !c.isDemo && newOrigin !== null && newOrigin !== originOf(c.baseUrl) && !apiKey.trim()

  const send = async (extra: Partial<RequestOf<'updateConnection'>> = {}): Promise<void> => {
    const request: RequestOf<'updateConnection'> = { id: c.id, ...extra }
    if (label.trim() && label.trim() !== c.label) request.label = label.trim()
    if (!c.isDemo && baseUrl.trim() && baseUrl.trim() !== c.baseUrl)
      request.baseUrl = baseUrl.trim()
    if (!c.isDemo && apiKey.trim()) request.apiKey = apiKey.trim()
    if (needsKey && newOrigin !== null) {
      setProblem({
        text: `Enter the API key for ${new URL(newOrigin).host}: your saved key is only sent to the site it was saved for.`,
        detail: null,
        tone: 'error',
        field: 'apiKey',
        fallback: null
      })
      document.getElementById(`${id}-key`)?.focus()
      return
    }
    if (Object.keys(request).length === 1) return onDone(null)
    setBusy(true)
    setProblem(null)
    const r = await update(request)
    setBusy(false)
    if (r.ok) onDone(r.data.label)
    else setProblem(describeConnectError(r.error, request.baseUrl ?? c.baseUrl))
  }

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault()
    void send()
  }

  return (
    <form
      className={rows.editForm}
      onSubmit={onSubmit}
      // Escape cancels, as Cancel does; the row gives the focus back to Edit.
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || busy) return
        e.preventDefault()
        e.stopPropagation()
        onDone(null)
      }}
      aria-label={`Edit ${c.label}`}
      aria-busy={busy}
    >
      <div className={field.field}>
        <label htmlFor={`${id}-label`}>Label</label>
        <input
          id={`${id}-label`}
          className={field.input}
          value={label}
          maxLength={100}
          onChange={(e) => setLabel(e.target.value)}
          disabled={busy}
        />
      </div>
      {!c.isDemo && (
        <>
          <div className={field.field}>
            <label htmlFor={`${id}-url`}>Marketplace URL</label>
            <input
              id={`${id}-url`}
              className={field.input}
              value={baseUrl}
              inputMode="url"
              spellCheck={false}
              onChange={(e) => setBaseUrl(e.target.value)}
              aria-invalid={problem?.field === 'baseUrl' || undefined}
              aria-describedby={`${id}-url-hint`}
              disabled={busy}
            />
            <p id={`${id}-url-hint`} className={styles.hint}>
              Your saved key is only sent to this site. Moving to another site needs its API key
              typed again below.
            </p>
          </div>
          <div className={field.field}>
            <label htmlFor={`${id}-key`}>Replace API key</label>
            <KeyField
              id={`${id}-key`}
              placeholder={
                needsKey ? 'Required for a new site' : 'Leave empty to keep the current key'
              }
              aria-required={needsKey || undefined}
              value={apiKey}
              onChange={setApiKey}
              aria-invalid={problem?.field === 'apiKey' || undefined}
              disabled={busy}
            />
          </div>
        </>
      )}
      {problem && (
        <div className={`${alert.danger} ${connect.problem}`} role="alert">
          <TriangleAlert size={18} aria-hidden className={connect.problemIcon} />
          <div>
            <p>{problem.text}</p>
            {problem.detail && <p className={connect.problemDetail}>{problem.detail}</p>}
            {problem.fallback === 'session-only' && (
              <Button size="sm" onClick={() => void send({ sessionOnly: true })}>
                Keep for this session only
              </Button>
            )}
          </div>
        </div>
      )}
      <div className={connect.actions}>
        <Button type="submit" variant="primary" size="sm" busy={busy}>
          {busy ? 'Checking…' : 'Save'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDone(null)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
