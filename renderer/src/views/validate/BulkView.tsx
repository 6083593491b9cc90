import { useEffect, useRef, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { isActive, useBulk } from '../../stores/bulk'
import { useNotCheckedWords } from '../../ui/NotChecked'
import { ViewHeader } from '../../ui/ViewHeader'
import { errorHeading } from '../../ui/error-copy'
import { toast } from '../../ui/toast'
import { BulkInput } from './BulkInput'
import { countVerdicts } from '../../../../shared/verdict'
import { useNow } from '../../lib/use-now'
import { BulkProgress, PROGRESS_TITLE_ID, type BulkTally } from './BulkProgress'
import { BulkResults, type BulkRow } from './BulkResults'
import { BulkSummary, rowsOf, visibleRows, type BulkFilter, type BulkOrder } from './BulkSummary'
import { ValidateTabs } from './BulkTabs'
import alert from '../../ui/Alert.module.css'
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

/**
 * The one reason every code not checked shares (offline, key refused), said once above the
 * table rather than on each row; null when there are fewer than two or their reasons differ.
 * A cancel's own reason is the progress card's to say.
 */
function sharedReason(rows: readonly BulkRow[]): string | null {
  const unchecked = rows.filter((x) => x.verdict.state === 'not-checked')
  if (unchecked.length < 2 || unchecked.every((x) => x.r.status === 'pending')) return null
  const reasons = new Set(unchecked.map((x) => x.verdict.detail))
  return reasons.size === 1 ? [...reasons][0]! : null
}

async function copyNotValid(rows: readonly BulkRow[]): Promise<void> {
  const codes = rows.filter((x) => x.verdict.state === 'not-valid').map((x) => x.r.code)
  try {
    await navigator.clipboard.writeText(codes.join('\n'))
    toast(`Copied ${codes.length} not-valid ${codes.length === 1 ? 'code' : 'codes'}, one a line.`)
  } catch {
    toast('Couldn’t copy: the clipboard is not available.')
  }
}

/** Moves focus to the progress heading when a run starts here (Check all, Ctrl+Enter, Retry). */
function useFocusOnRun(runs: number): void {
  const seen = useRef(runs)
  useEffect(() => {
    if (runs === seen.current) return
    seen.current = runs
    document.getElementById(PROGRESS_TITLE_ID)?.focus()
  }, [runs])
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
      exportError: b.exportError,
      runs: b.runs
    }))
  )
  const { setText, start, pause, resume, cancel, retry, exportCsv, startOver } = useBulk.getState()
  usePolling(s.job?.jobId ?? null, s.job?.state ?? null)
  useFocusOnRun(s.runs)
  const [filter, setFilter] = useState<BulkFilter>('all')
  const [order, setOrder] = useState<BulkOrder>('pasted')
  // Ticks: support that ends while the results are on screen reads expired.
  const now = useNow()
  const why = useNotCheckedWords()

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
  const rows = rowsOf(job, now, why)
  const c = countVerdicts(rows.map((x) => x.verdict))
  const valid = c.supported + c['support-expired'] + c['no-support']
  const tally: BulkTally = {
    checked: valid + c['not-valid'],
    notChecked: c['not-checked'],
    notValid: c['not-valid']
  }
  const ended = !isActive(job)
  const shared = sharedReason(rows)
  const endWord =
    job.state === 'cancelled' ? 'cancelled' : tally.notChecked > 0 ? 'ended' : 'finished'
  const problem = s.error ?? s.exportError
  return (
    <div className={styles.jobPanel}>
      <p className={styles.found}>
        {job.total} {job.total === 1 ? 'code' : 'codes'} found in the pasted text (duplicates
        merged).
      </p>
      <BulkProgress
        job={job}
        tally={tally}
        acting={s.acting}
        exporting={s.exporting}
        onPause={() => void pause()}
        onResume={() => void resume()}
        onCancel={() => void cancel()}
        onRetry={() => void retry()}
        onCopyNotValid={() => void copyNotValid(rows)}
        onExport={() =>
          void exportCsv().then((saved) => saved && toast('Bulk results exported as CSV.'))
        }
        onStartOver={() => {
          setFilter('all')
          startOver()
        }}
      />
      {problem && (
        <p className={`${alert.danger} ${styles.error}`} role="alert">
          <strong>{errorHeading(problem.kind)}.</strong> {problem.message}
        </p>
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {ended
          ? `Bulk check ${endWord}: ${valid} valid (${c['support-expired']} with support expired, ${c['no-support']} without support), ${c['not-valid']} not valid${c['not-checked'] ? `, ${c['not-checked']} not checked` : ''}.${shared ? ` ${shared}` : ''}`
          : ''}
      </div>
      {shared && (
        <p className={`${alert.warn} ${styles.shared}`} data-testid="bulk-shared-reason">
          <strong>
            {tally.notChecked} {tally.notChecked === 1 ? 'code' : 'codes'} not checked.
          </strong>{' '}
          {shared}
        </p>
      )}
      <BulkSummary
        rows={rows}
        filter={filter}
        order={order}
        onFilter={setFilter}
        onOrder={setOrder}
      />
      <BulkResults rows={visibleRows(rows, filter, order)} sharedReason={shared} />
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
