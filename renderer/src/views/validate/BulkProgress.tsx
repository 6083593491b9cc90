import { Ban, FileDown, Pause, Play, RotateCcw } from 'lucide-react'
import type { BulkJob } from '../../../../shared/ipc/contract'
import { Button } from '../../ui/Button'
import { BulkCountdown } from './BulkCountdown'
import card from '../../ui/Card.module.css'
import styles from './Bulk.module.css'

const STATE_WORD: Record<BulkJob['state'], string> = {
  running: 'Checking',
  paused: 'Paused',
  done: 'Finished',
  cancelled: 'Cancelled'
}

/** "Checking · 37 of 100", the bar, and what can be done about the job now. */
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
  const pending = job.total - job.done
  const active = job.state === 'running' || job.state === 'paused'
  const percent = job.total === 0 ? 100 : Math.round((job.done / job.total) * 100)
  return (
    <div className={`${card.card} ${styles.progressCard}`} data-state={job.state}>
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
