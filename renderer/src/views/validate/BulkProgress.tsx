import { Ban, FileDown, Pause, Play, RotateCcw } from 'lucide-react'
import type { BulkJob } from '../../../../shared/ipc/contract'
import { Button } from '../../ui/Button'
import { BulkCountdown } from './BulkCountdown'
import styles from './Bulk.module.css'

export interface BulkCounts {
  valid: number
  notValid: number
  errors: number
  pending: number
}

export function countResults(job: BulkJob): BulkCounts {
  const c: BulkCounts = { valid: 0, notValid: 0, errors: 0, pending: 0 }
  for (const r of job.results) {
    if (r.status === 'valid') c.valid++
    else if (r.status === 'not-valid') c.notValid++
    else if (r.status === 'error') c.errors++
    else c.pending++
  }
  return c
}

const STATE_WORD: Record<BulkJob['state'], string> = {
  running: 'Checking',
  paused: 'Paused',
  done: 'Finished',
  cancelled: 'Cancelled'
}

/** "Checking · 37 of 100", the bar, the tallies, and what can be done about the job now. */
export function BulkProgress({
  job,
  acting,
  exporting,
  onPause,
  onResume,
  onCancel,
  onExport,
  onStartOver
}: {
  job: BulkJob
  acting: boolean
  exporting: boolean
  onPause(): void
  onResume(): void
  onCancel(): void
  onExport(): void
  onStartOver(): void
}): React.JSX.Element {
  const c = countResults(job)
  const active = job.state === 'running' || job.state === 'paused'
  const percent = job.total === 0 ? 100 : Math.round((job.done / job.total) * 100)
  return (
    <div className={styles.progressCard} data-state={job.state}>
      <div className={styles.progressHead}>
        <p className={styles.progressTitle}>
          <span>{STATE_WORD[job.state]}</span>
          <span className="tabular" data-testid="bulk-progress-text">
            {job.done} of {job.total} checked
          </span>
        </p>
        <div className={styles.controls}>
          {job.state === 'running' && (
            <Button
              size="sm"
              icon={<Pause size={14} aria-hidden />}
              onClick={onPause}
              disabled={acting}
            >
              Pause
            </Button>
          )}
          {job.state === 'paused' && (
            <Button
              size="sm"
              variant="primary"
              icon={<Play size={14} aria-hidden />}
              onClick={onResume}
              disabled={acting}
            >
              Resume
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
          {!active && (
            <Button size="sm" icon={<RotateCcw size={14} aria-hidden />} onClick={onStartOver}>
              New bulk check
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
        aria-valuenow={job.done}
        aria-valuetext={`${job.done} of ${job.total} checked`}
      >
        <span className={styles.barFill} style={{ width: `${percent}%` }} />
      </div>
      <ul className={styles.tallies} aria-label="Tally">
        <li data-tone="ok">{c.valid} valid</li>
        <li data-tone="danger">{c.notValid} not valid</li>
        {c.errors > 0 && <li data-tone="warn">{c.errors} could not be checked</li>}
        {c.pending > 0 && <li data-tone="neutral">{c.pending} waiting</li>}
      </ul>
      {job.state === 'running' && <BulkCountdown waitingUntil={job.waitingUntil} />}
      {job.state === 'paused' && c.pending > 0 && (
        <p className={styles.note}>
          Checks already under way finish; no new ones start until you resume.
        </p>
      )}
      {job.state === 'cancelled' && c.pending > 0 && (
        <p className={styles.note}>
          {c.pending} {c.pending === 1 ? 'code was' : 'codes were'} not checked. They are listed as
          waiting and exported as “Not checked”.
        </p>
      )}
    </div>
  )
}
