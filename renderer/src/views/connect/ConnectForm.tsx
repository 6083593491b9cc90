import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Info, KeyRound, TriangleAlert } from 'lucide-react'
import type { ConnectionView, RequestOf } from '../../../../shared/ipc/contract'
import { useConnections } from '../../stores/connections'
import { Button } from '../../ui/Button'
import field from '../../ui/Field.module.css'
import { KeyField } from '../../ui/KeyField'
import { describeConnectError, type ConnectProblem } from './connect-errors'
import alert from '../../ui/Alert.module.css'
import styles from './Connect.module.css'

export interface ConnectFormProps {
  onConnected(connection: ConnectionView): void
  onCancel?: () => void
  /** Focus the first field on mount (the Connect screen; not the inline Settings form). */
  autoFocus?: boolean
}

type Request = RequestOf<'addConnection'>

/** Marketplace URL, API key and an optional label: tested by main before anything is saved. */
export function ConnectForm({
  onConnected,
  onCancel,
  autoFocus
}: ConnectFormProps): React.JSX.Element {
  const add = useConnections((s) => s.add)
  const [baseUrl, setBaseUrl] = useState('')
  const [apiKey, setApiKey] = useState('')
  const [label, setLabel] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<ConnectProblem | null>(null)
  const [missing, setMissing] = useState<{ baseUrl?: boolean; apiKey?: boolean }>({})
  const urlRef = useRef<HTMLInputElement>(null)
  const keyRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const ids = {
    url: `${id}-url`,
    key: `${id}-key`,
    label: `${id}-label`,
    problem: `${id}-problem`,
    urlHint: `${id}-url-hint`
  }

  const send = async (extra: Partial<Request> = {}): Promise<void> => {
    const request: Request = { baseUrl: baseUrl.trim(), apiKey: apiKey.trim(), ...extra }
    const trimmedLabel = label.trim()
    if (trimmedLabel) request.label = trimmedLabel
    setBusy(true)
    setProblem(null)
    const r = await add(request)
    setBusy(false)
    if (r.ok) {
      onConnected(r.data)
      return
    }
    setProblem(describeConnectError(r.error, request.baseUrl))
  }

  // After the render that re-enables the fields: a disabled input cannot take focus.
  useEffect(() => {
    if (problem?.field === 'baseUrl') urlRef.current?.focus()
    else if (problem?.field === 'apiKey') keyRef.current?.focus()
  }, [problem])

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault()
    // A new try: the last answer no longer applies, whatever comes next.
    setProblem(null)
    const gaps = { baseUrl: !baseUrl.trim(), apiKey: !apiKey.trim() }
    setMissing(gaps)
    if (gaps.baseUrl) return urlRef.current?.focus()
    if (gaps.apiKey) return keyRef.current?.focus()
    void send()
  }

  const urlInvalid = Boolean(missing.baseUrl) || problem?.field === 'baseUrl'
  const keyInvalid = Boolean(missing.apiKey) || problem?.field === 'apiKey'

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <div className={field.field}>
        <label htmlFor={ids.url}>Marketplace URL</label>
        <input
          ref={urlRef}
          id={ids.url}
          name="baseUrl"
          className={field.input}
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          autoCapitalize="off"
          placeholder="https://market.example.com"
          autoFocus={autoFocus}
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          onBlur={() => setBaseUrl((v) => v.trim())}
          aria-invalid={urlInvalid || undefined}
          aria-describedby={
            missing.baseUrl ? ids.urlHint : problem?.field === 'baseUrl' ? ids.problem : undefined
          }
          disabled={busy}
        />
        {missing.baseUrl && (
          <p id={ids.urlHint} className={field.fieldError}>
            Enter the marketplace URL.
          </p>
        )}
      </div>

      <div className={field.field}>
        <label htmlFor={ids.key}>API key</label>
        <KeyField
          inputRef={keyRef}
          id={ids.key}
          name="apiKey"
          value={apiKey}
          onChange={setApiKey}
          aria-invalid={keyInvalid || undefined}
          aria-describedby={problem?.field === 'apiKey' ? ids.problem : undefined}
          disabled={busy}
        />
        {missing.apiKey && <p className={field.fieldError}>Enter the API key.</p>}
      </div>

      <div className={field.field}>
        <label htmlFor={ids.label}>
          Label <span className={field.optional}>(optional)</span>
        </label>
        <input
          id={ids.label}
          name="label"
          className={field.input}
          type="text"
          autoComplete="off"
          maxLength={100}
          placeholder="Defaults to the site’s address"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          disabled={busy}
        />
      </div>

      {problem && (
        <div
          id={ids.problem}
          className={`${alert.danger} ${styles.problem}`}
          role="alert"
          data-tone={problem.tone}
        >
          {problem.tone === 'warning' ? (
            <Info size={18} aria-hidden className={styles.problemIcon} />
          ) : (
            <TriangleAlert size={18} aria-hidden className={styles.problemIcon} />
          )}
          <div>
            <p>{problem.text}</p>
            {problem.detail && <p className={styles.problemDetail}>{problem.detail}</p>}
            {problem.fallback === 'allow-no-items' && (
              <Button size="sm" onClick={() => void send({ allowNoItems: true })}>
                Save anyway
              </Button>
            )}
            {problem.fallback === 'session-only' && (
              <Button size="sm" onClick={() => void send({ sessionOnly: true })}>
                Keep for this session only
              </Button>
            )}
          </div>
        </div>
      )}

      <div className={styles.actions}>
        <Button
          type="submit"
          variant="primary"
          busy={busy}
          icon={<KeyRound size={16} aria-hidden />}
        >
          {busy ? 'Testing the key…' : 'Test and save'}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}
