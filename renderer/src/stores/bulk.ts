import { create } from 'zustand'
import type { AppError } from '../../../shared/errors'
import type { BulkJob } from '../../../shared/ipc/contract'
import { getBridge } from '../bridge'
import { latestRequest } from '../lib/latest-request'
import { exportCsvFile } from '../lib/save-file'

export type ValidateTab = 'single' | 'bulk'

interface BulkState {
  /** Which tab the Validate screen shows; kept while the seller looks elsewhere. */
  tab: ValidateTab
  /** The pasted text. */
  text: string
  starting: boolean
  job: BulkJob | null
  /** Starting failed, or the job could no longer be read. */
  error: AppError | null
  /** Pause, Resume or Cancel is on its way. */
  acting: boolean
  exporting: boolean
  exportError: AppError | null
  /** Counts runs started here (a start or a retry): the progress heading takes focus on each. */
  runs: number

  setTab(tab: ValidateTab): void
  setText(text: string): void
  start(): Promise<void>
  poll(): Promise<void>
  pause(): Promise<void>
  resume(): Promise<void>
  cancel(): Promise<void>
  /** Sends the codes the ended job did not check again, in the same job. */
  retry(): Promise<void>
  exportCsv(): Promise<boolean>
  /** Back to the paste field for another batch (the text stays). */
  startOver(): void
  reset(): void
}

export function isActive(job: BulkJob | null): boolean {
  return job !== null && (job.state === 'running' || job.state === 'paused')
}

const initial = {
  tab: 'single' as ValidateTab,
  text: '',
  starting: false,
  job: null,
  error: null,
  acting: false,
  exporting: false,
  exportError: null,
  runs: 0
}

// Dropped by reset and startOver: answers about an older job are dropped.
const shownJob = latestRequest()
// Started by Pause, Resume and Cancel: a poll that left before one of them is out of date.
const jobAction = latestRequest()
let polling = false

export const useBulk = create<BulkState>((set, get) => {
  /** Applies a job answer unless it is about another job than the one shown. */
  const apply = (stillShown: () => boolean, job: BulkJob): void => {
    if (!stillShown() || get().job?.jobId !== job.jobId) return
    set({ job })
  }

  const act = async (
    call: (req: { jobId: string }) => ReturnType<ReturnType<typeof getBridge>['pauseBulk']>
  ): Promise<void> => {
    const job = get().job
    if (!job || get().acting) return
    const stillShown = shownJob.current()
    jobAction.start()
    set({ acting: true })
    const r = await call({ jobId: job.jobId })
    if (!stillShown()) return
    set({ acting: false })
    if (r.ok) apply(stillShown, r.data)
    else set({ error: r.error })
  }

  return {
    ...initial,

    setTab(tab) {
      set({ tab })
    },

    setText(text) {
      set({ text, error: null })
    },

    async start() {
      const text = get().text
      if (!text.trim() || get().starting || isActive(get().job)) return
      const stillShown = shownJob.start()
      set({ starting: true, error: null, exportError: null, job: null })
      const r = await getBridge().startBulk({ text })
      if (!stillShown()) return
      if (!r.ok) {
        set({ starting: false, error: r.error })
        return
      }
      set({ starting: false, job: r.data, runs: get().runs + 1 })
      await get().poll()
    },

    async poll() {
      const job = get().job
      if (!job || polling) return
      polling = true
      const stillShown = shownJob.current()
      const noActionSince = jobAction.current()
      try {
        const r = await getBridge().getBulk({ jobId: job.jobId })
        if (!stillShown() || !noActionSince()) return
        if (r.ok) apply(stillShown, r.data)
        // A job main no longer knows (restarted meanwhile) cannot finish: stop polling it.
        else if (r.error.kind === 'not-found')
          set({ error: r.error, job: { ...job, state: 'cancelled', waitingUntil: null } })
        else set({ error: r.error })
      } finally {
        polling = false
      }
    },

    pause: () => act((req) => getBridge().pauseBulk(req)),
    resume: () => act((req) => getBridge().resumeBulk(req)),
    cancel: () => act((req) => getBridge().cancelBulk(req)),

    async retry() {
      const job = get().job
      if (!job || isActive(job)) return
      await act((req) => getBridge().retryBulk(req))
      if (isActive(get().job)) set({ runs: get().runs + 1, error: null })
    },

    async exportCsv() {
      const job = get().job
      if (!job) return false
      return exportCsvFile(
        () => getBridge().exportBulkCsv({ jobId: job.jobId }),
        set,
        shownJob.current()
      )
    },

    startOver() {
      if (isActive(get().job)) return
      shownJob.drop()
      set({ job: null, error: null, exportError: null, acting: false, exporting: false })
    },

    reset() {
      // A job still running belongs to the marketplace being left: stop it spending requests there.
      const job = get().job
      if (job && isActive(job)) void getBridge().cancelBulk({ jobId: job.jobId })
      shownJob.drop()
      polling = false
      set({ ...initial, runs: get().runs })
    }
  }
})
