import { Ban, Copy, FileDown, Pause, Play, RefreshCw, RotateCcw } from 'lucide-react'
import type { BulkJob } from '../../../../shared/ipc/contract'
import { Button } from '../../ui/Button'
import { BulkCountdown } from './BulkCountdown'
import card from '../../ui/Card.module.css'
import styles from './Bulk.module.css'

/** The heading the page moves focus to when a run starts (BulkView). */
export const PROGRESS_TITLE_ID = 'bulk-progress-title'

/** How many codes have which outcome so far: what the heading and the bar say. */
export interface BulkTally {
  /** Answered by the marketplace, valid or not. */
  checked: number
  /** Failed, or not sent before a cancel. */
  notChecked: number
  notValid: number
}

/** "Checking", "Finished", or what is left undone: never "Finished" over codes not checked. */
function stateWord(job: BulkJob, tally: BulkTally): string {
  if (job.state === 'running') return 'Checking'
  if (job.state === 'paused') return 'Paused'
  if (job.state === 'cancelled') return 'Cancelled'
  return tally.notChecked > 0 ? `${tally.notChecked} not checked` : 'Finished'
}

/** "Checking · 37 of 100 checked", the bar, and what can be done about the job now. */
export function BulkProgress({
  job,
  tally,
  acting,
  exporting,
  onPause,
  onResume,
  onCancel,
  onRetry,
  onCopyNotValid,
  onExport,
  onStartOver
}: {
  job: BulkJob
  tally: BulkTally
  acting: boolean
  exporting: boolean
  onPause(): void
  onResume(): void
  onCancel(): void
  onRetry(): void
  onCopyNotValid(): void
  onExport(): void
  onStartOver(): void
}): React.JSX.Element {
  const pending = job.total - job.done
  const active = job.state === 'running' || job.state === 'paused'
  // The bar fills with answered codes only: a run that could not ask the marketplace ends empty.
  const percent = job.total === 0 ? 100 : Math.round((tally.checked / job.total) * 100)
  const counted = `${tally.checked} of ${job.total} checked`
  const notChecked = tally.notChecked > 0 ? `, ${tally.notChecked} not checked` : ''
  return (
    <div className={`${card.card} ${styles.progressCard}`} data-state={job.state}>
      <div className={styles.progressHead}>
        <h2 id={PROGRESS_TITLE_ID} className={styles.progressTitle} tabIndex={-1}>
          <span data-testid="bulk-state">{stateWord(job, tally)}</span>
          {/* Not drawn (the heading is a flex row); keeps the two apart when read out. */}{' '}
          <span className="tabular" data-testid="bulk-progress-text">
            {counted}
          </span>
        </h2>
        <div className={styles.controls}>
          {/* One slot for Pause and Resume: the button (and the focus on it) stays put. */}
          {active && (
            <Button
              size="sm"
              variant={job.state === 'paused' ? 'primary' : undefined}
              icon={
                job.state === 'paused' ? (
                  <Play size={14} aria-hidden />
                ) : (
                  <Pause size={14} aria-hidden />
                )
              }
              onClick={job.state === 'paused' ? onResume : onPause}
              disabled={acting}
            >
              {job.state === 'paused' ? 'Resume' : 'Pause'}
            </Button>
          )}
          {active && (
            <Button
              size="sm"
              variant="danger"
              icon={<Ban size={14} aria-hidden />}
              onClick={onCancel}
              disabled={acting}
            >
              Cancel
            </Button>
          )}
          {!active && tally.notChecked > 0 && (
            <Button
              size="sm"
              variant="primary"
              icon={<RefreshCw size={14} aria-hidden />}
              onClick={onRetry}
              disabled={acting}
            >
              Retry not checked
            </Button>
          )}
          {!active && (
            <Button size="sm" icon={<RotateCcw size={14} aria-hidden />} onClick={onStartOver}>
              New bulk check
            </Button>
          )}
          {tally.notValid > 0 && (
            <Button size="sm" icon={<Copy size={14} aria-hidden />} onClick={onCopyNotValid}>
              Copy not-valid codes
            </Button>
          )}
          <Button
            size="sm"
            icon={<FileDown size={14} aria-hidden />}
            onClick={onExport}
            busy={exporting}
            disabled={job.done === 0}
          >
            Export CSV
          </Button>
        </div>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="Codes checked"
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={tally.checked}
        aria-valuetext={counted + notChecked}
      >
        <span className={styles.barFill} style={{ width: `${percent}%` }} />
      </div>
      {job.state === 'running' && <BulkCountdown waitingUntil={job.waitingUntil} />}
      {job.state === 'paused' && pending > 0 && (
        <p className={styles.note}>
          Checks already under way finish; no new ones start until you resume.
        </p>
      )}
      {job.state === 'cancelled' && pending > 0 && (
        <p className={styles.note}>
          Cancelled: {pending} {pending === 1 ? 'code was' : 'codes were'} not checked. They are
          listed and exported as “Not checked”.
        </p>
      )}
    </div>
  )
}
