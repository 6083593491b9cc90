import { useDeferredValue, useMemo, type FormEvent } from 'react'
import { ListChecks } from 'lucide-react'
import type { AppError } from '../../../../shared/errors'
import { extractCodes, MAX_BULK_CODES } from '../../../../shared/purchase-code'
import { Button } from '../../ui/Button'
import { errorHeading } from '../../ui/error-copy'
import code from '../../ui/CodeCheck.module.css'
import alert from '../../ui/Alert.module.css'
import styles from './Bulk.module.css'

/** Anything pasted: one code a line, a CSV, an e-mail thread. Main pulls the codes out. */
export function BulkInput({
  text,
  starting,
  error,
  onText,
  onStart
}: {
  text: string
  starting: boolean
  error: AppError | null
  onText(text: string): void
  onStart(): void
}): React.JSX.Element {
  const submit = (e: FormEvent): void => {
    e.preventDefault()
    onStart()
  }
  // The same extractor main runs, so the count is what "Check all" will check. Deferred:
  // a huge paste must not make typing lag.
  const deferred = useDeferredValue(text)
  const found = useMemo(() => extractCodes(deferred).length, [deferred])
  const hasText = deferred.trim() !== ''
  return (
    <form className={code.form} onSubmit={submit} aria-label="Bulk check">
      <label htmlFor="bulk-text" className={code.label}>
        Codes to check
      </label>
      <textarea
        id="bulk-text"
        className={styles.textarea}
        value={text}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault()
            onStart()
          }
        }}
        rows={9}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        maxLength={500_000}
        placeholder={
          'One code a line, or paste an e-mail, a chat or a spreadsheet column:\n3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c\n…'
        }
        aria-describedby="bulk-hint"
      />
      <p id="bulk-hint" className={code.hint}>
        Codes are pulled out of any text and duplicates merged. They are checked at the pace the
        marketplace allows (about 60 a minute on most sites), so 100 codes take a couple of minutes.
      </p>
      <p className={styles.foundLive} role="status" data-testid="bulk-found">
        {!hasText
          ? ''
          : found === 0
            ? 'No purchase codes found in this text yet.'
            : `${found === MAX_BULK_CODES ? `The first ${found}` : found} ${found === 1 ? 'code' : 'codes'} found${found === MAX_BULK_CODES ? ' (the most one check takes)' : ''}, duplicates merged.`}
      </p>
      {error && (
        <p className={`${alert.danger} ${styles.error}`} role="alert">
          <strong>{errorHeading(error.kind)}.</strong> {error.message}
        </p>
      )}
      <div className={styles.formActions}>
        <Button
          type="submit"
          variant="primary"
          icon={<ListChecks size={16} aria-hidden />}
          busy={starting}
          disabled={!text.trim()}
        >
          Check all
        </Button>
      </div>
    </form>
  )
}
