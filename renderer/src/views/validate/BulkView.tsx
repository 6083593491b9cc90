import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { isActive, useBulk } from '../../stores/bulk'
import { ViewHeader } from '../../ui/ViewHeader'
import { errorHeading } from '../../ui/error-copy'
import { toast } from '../../ui/toast'
import { BulkInput } from './BulkInput'
import { BulkProgress, countResults } from './BulkProgress'
import { BulkResults } from './BulkResults'
import { ValidateTabs } from './BulkTabs'
import styles from './Bulk.module.css'

/** How often a running job is read back from main. */
const POLL_MS = 500
/** Paused, only the checks already under way can still land. */
const POLL_PAUSED_MS = 1500

/** Keeps the job on screen current while it runs; stops when it ends or the view goes. */
function usePolling(jobId: string | null, state: string | null): void {
  useEffect(() => {
    if (jobId === null || (state !== 'running' && state !== 'paused')) return
    const t = setInterval(
      () => void useBulk.getState().poll(),
      state === 'paused' ? POLL_PAUSED_MS : POLL_MS
    )
    return () => clearInterval(t)
  }, [jobId, state])
}

function BulkPanel(): React.JSX.Element {
  const s = useBulk(
    useShallow((b) => ({
      text: b.text,
      starting: b.starting,
      job: b.job,
      error: b.error,
      acting: b.acting,
      exporting: b.exporting,
      exportError: b.exportError
    }))
  )
  const { setText, start, pause, resume, cancel, exportCsv, startOver } = useBulk.getState()
  usePolling(s.job?.jobId ?? null, s.job?.state ?? null)

  if (!s.job) {
    return (
      <BulkInput
        text={s.text}
        starting={s.starting}
        error={s.error}
        onText={setText}
        onStart={() => void start()}
      />
    )
  }

  const job = s.job
  const c = countResults(job)
  const ended = !isActive(job)
  const problem = s.error ?? s.exportError
  return (
    <div className={styles.jobPanel}>
      <p className={styles.found}>
        {job.total} {job.total === 1 ? 'code' : 'codes'} found in the pasted text (duplicates
        merged).
      </p>
      <BulkProgress
        job={job}
        acting={s.acting}
        exporting={s.exporting}
        onPause={() => void pause()}
        onResume={() => void resume()}
        onCancel={() => void cancel()}
        onExport={() =>
          void exportCsv().then((saved) => saved && toast('Bulk results exported as CSV.'))
        }
        onStartOver={startOver}
      />
      {problem && (
        <p className={styles.error} role="alert">
          <strong>{errorHeading(problem.kind)}.</strong> {problem.message}
        </p>
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {ended
          ? `Bulk check ${job.state === 'done' ? 'finished' : 'cancelled'}: ${c.valid} valid, ${c.notValid} not valid${c.errors ? `, ${c.errors} could not be checked` : ''}.`
          : ''}
      </div>
      <BulkResults results={job.results} />
    </div>
  )
}

/** The Validate screen's Bulk tab: paste many codes, watch them checked, export. */
export function BulkView(): React.JSX.Element {
  return (
    <section className={styles.view} aria-labelledby="validate-title">
      <ViewHeader title={<span id="validate-title">Validate</span>} />
      <ValidateTabs />
      <div
        className={styles.body}
        role="tabpanel"
        id="validate-panel-bulk"
        aria-labelledby="validate-tab-bulk"
      >
        <BulkPanel />
      </div>
    </section>
  )
}
