import { randomUUID } from 'node:crypto'
import type { BulkJob, BulkResult, Validation } from '../../../shared/ipc/contract'
import type { ErrorKind } from '../../../shared/errors'
import { AppFailure, isKindedError } from '../ipc/failure'
import { RETRY_POLICY, retryWaitMs } from '../marketplace/retry'
import { abortableSleep } from '../util/abortable-sleep'
import { extractCodes, isUuidShaped } from '../../../shared/purchase-code'
import { entryOf } from '../../../shared/verdict'
import { bulkCsv } from './csv'

/** What one job needs from the active connection; built by the handler when the job starts. */
export interface BulkJobDeps {
  /** The connection the job checks codes for: removing it cancels the job. */
  connectionId?: string
  /**
   * The one purchase check (lookup/purchase-check.ts), bound to the job's connection: the
   * answer, recorded in the lookup history and annotated from it (flag, previous).
   */
  check(code: string, signal: AbortSignal): Promise<Validation>
  /**
   * Until when the marketplace itself made the client wait (a 429 or 503), epoch ms; the
   * pacer's own spacing under the limit is normal progress and not reported.
   */
  throttledUntil?(): number | null
}

export interface BulkRunnerOptions {
  concurrency?: number
  /** Retries of one code after the client gave up on a 429 (it already retried); default the policy's. */
  rateLimitRetries?: number
  /** Finished jobs kept for polling and export. */
  maxJobs?: number
  now?: () => Date
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

const NOT_VALID_TEXT = 'Not valid (unknown, refunded or cancelled)'

interface Job {
  id: string
  codes: string[]
  results: BulkResult[]
  state: BulkJob['state']
  /** The indexes of the codes this run sends, in order: every code, or those a retry sends again. */
  queue: number[]
  /** How far into `queue` the workers have got. */
  next: number
  active: number
  ownWaitUntil: number | null
  deps: BulkJobDeps
  abort: AbortController
  startedAt: number
  /** Running workers: close() and forget() wait for them, so nothing records after. */
  workers: Set<Promise<void>>
}

const pending = (code: string): BulkResult => ({
  code,
  looksLikeUuid: isUuidShaped(code),
  status: 'pending',
  itemId: null,
  itemName: null,
  license: null,
  supportedUntil: null,
  message: null,
  errorKind: null,
  flag: null,
  checkedAt: null
})

/**
 * Bulk validation jobs: codes are checked a few at a time through the marketplace
 * client (whose pacer keeps under the site's rate limit); the renderer polls. A job can
 * be paused (in-flight checks finish, no new ones start), resumed and cancelled (in-flight
 * checks are aborted and stay pending). A 429 the client could not absorb makes the code
 * wait its turn again, visibly (`waitingUntil`), rather than fail.
 */
export class BulkRunner {
  private readonly jobs = new Map<string, Job>()
  private readonly concurrency: number
  private readonly now: () => Date
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>

  constructor(private readonly options: BulkRunnerOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? 4)
    this.now = options.now ?? (() => new Date())
    this.sleep = options.sleep ?? abortableSleep
  }

  start(text: string, deps: BulkJobDeps): { jobId: string; codes: string[] } {
    const codes = extractCodes(text)
    if (codes.length === 0) {
      throw new AppFailure(
        'invalid-input',
        'No purchase codes were found in the pasted text. Paste one code a line, or text that contains them.'
      )
    }
    const job: Job = {
      id: randomUUID(),
      codes,
      results: codes.map(pending),
      state: 'running',
      queue: codes.map((_, i) => i),
      next: 0,
      active: 0,
      ownWaitUntil: null,
      deps,
      abort: new AbortController(),
      startedAt: Date.now(),
      workers: new Set()
    }
    this.jobs.set(job.id, job)
    this.trim()
    this.spawnWorkers(job)
    return { jobId: job.id, codes }
  }

  /** Whether a job is checking codes now (a paused one leaves the marketplace's budget free). */
  running(): boolean {
    return [...this.jobs.values()].some((job) => job.state === 'running')
  }

  get(jobId: string): BulkJob {
    return this.view(this.job(jobId))
  }

  pause(jobId: string): BulkJob {
    const job = this.job(jobId)
    if (job.state === 'running') job.state = 'paused'
    return this.view(job)
  }

  resume(jobId: string): BulkJob {
    const job = this.job(jobId)
    if (job.state === 'paused') {
      job.state = 'running'
      this.spawnWorkers(job)
      this.finishIfDone(job)
    }
    return this.view(job)
  }

  cancel(jobId: string): BulkJob {
    const job = this.job(jobId)
    if (job.state === 'running' || job.state === 'paused') {
      job.state = 'cancelled'
      job.abort.abort()
    }
    return this.view(job)
  }

  /**
   * Sends again, in the same job, only the codes an ended job did not check (failed, or not
   * sent before a cancel); the codes it answered keep their verdicts. `deps` are the active
   * connection's now: a key replaced since the first run is the one used.
   */
  retry(jobId: string, deps: BulkJobDeps): BulkJob {
    const job = this.job(jobId)
    if (job.state !== 'done' && job.state !== 'cancelled') return this.view(job)
    if (deps.connectionId !== job.deps.connectionId)
      throw new AppFailure(
        'invalid-input',
        'This bulk check was for another connection: paste its codes again to check them here.'
      )
    const again = job.results.flatMap((r, i) =>
      r.status === 'error' || r.status === 'pending' ? [i] : []
    )
    if (again.length === 0) return this.view(job)
    for (const i of again) job.results[i] = pending(job.codes[i]!)
    job.deps = deps
    job.queue = again
    job.next = 0
    job.state = 'running'
    // A cancelled job's signal stays aborted: this run gets its own.
    if (job.abort.signal.aborted) job.abort = new AbortController()
    this.spawnWorkers(job)
    return this.view(job)
  }

  /** Whether a job is still checking or paused part-way (an update must not restart then). */
  busy(): boolean {
    for (const job of this.jobs.values())
      if (job.state === 'running' || job.state === 'paused') return true
    return false
  }

  /** Cancels every job (app shutdown). */
  cancelAll(): void {
    for (const job of this.jobs.values())
      if (job.state === 'running' || job.state === 'paused') this.cancel(job.id)
  }

  /** Cancels every job and waits until no check is running or being recorded. */
  async close(): Promise<void> {
    this.cancelAll()
    await this.settle([...this.jobs.values()])
  }

  /** A connection was removed: its jobs are cancelled, waited for, and dropped. */
  async forget(connectionId: string): Promise<void> {
    const owned = [...this.jobs.values()].filter((j) => j.deps.connectionId === connectionId)
    for (const job of owned) this.cancel(job.id)
    await this.settle(owned)
    for (const job of owned) this.jobs.delete(job.id)
  }

  private async settle(jobs: Job[]): Promise<void> {
    for (const job of jobs) while (job.workers.size > 0) await Promise.allSettled([...job.workers])
  }

  exportCsv(jobId: string): { filename: string; csv: string } {
    const job = this.job(jobId)
    const now = this.now()
    const ended = job.state === 'done' || job.state === 'cancelled'
    return bulkCsv(job.results, ended, now)
  }

  private job(jobId: string): Job {
    const job = this.jobs.get(jobId)
    if (!job)
      throw new AppFailure('not-found', 'This bulk check is no longer available: start it again.')
    return job
  }

  private view(job: Job): BulkJob {
    const done = job.results.filter((r) => r.status !== 'pending').length
    const waits = [
      job.ownWaitUntil,
      job.state === 'running' ? (job.deps.throttledUntil?.() ?? null) : null
    ].filter((t): t is number => t !== null && t > Date.now())
    return {
      jobId: job.id,
      state: job.state,
      done,
      total: job.codes.length,
      waitingUntil: waits.length > 0 ? new Date(Math.max(...waits)).toISOString() : null,
      results: job.results.map((r) => ({ ...r }))
    }
  }

  private trim(): void {
    const max = Math.max(1, this.options.maxJobs ?? 20)
    if (this.jobs.size <= max) return
    const finished = [...this.jobs.values()]
      .filter((j) => j.state === 'done' || j.state === 'cancelled')
      .sort((a, b) => a.startedAt - b.startedAt)
    for (const job of finished) {
      if (this.jobs.size <= max) break
      this.jobs.delete(job.id)
    }
  }

  private spawnWorkers(job: Job): void {
    const wanted = Math.min(this.concurrency, job.queue.length - job.next) - job.active
    for (let i = 0; i < wanted; i++) {
      job.active++
      const worker: Promise<void> = this.work(job)
        .catch(() => {})
        .finally(() => {
          job.active--
          job.workers.delete(worker)
          this.finishIfDone(job)
        })
      job.workers.add(worker)
    }
  }

  private finishIfDone(job: Job): void {
    if (
      (job.state === 'running' || job.state === 'paused') &&
      job.active === 0 &&
      job.next >= job.queue.length
    )
      job.state = 'done'
  }

  private async work(job: Job): Promise<void> {
    while (job.state === 'running' && job.next < job.queue.length) {
      const index = job.queue[job.next++]!
      const result = await this.check(job, job.codes[index]!)
      // A cancelled job keeps aborted checks as pending: they were not answered.
      if (result) job.results[index] = result
    }
  }

  private async check(job: Job, code: string): Promise<BulkResult | null> {
    const policy = {
      ...RETRY_POLICY,
      attempts: this.options.rateLimitRetries ?? RETRY_POLICY.attempts
    }
    for (let attempt = 0; ; attempt++) {
      if (job.abort.signal.aborted) return null
      try {
        return this.resultOf(await job.deps.check(code, job.abort.signal))
      } catch (e) {
        if (job.abort.signal.aborted) return null
        const kind: ErrorKind = isKindedError(e) ? e.kind : 'internal'
        // The client's own policy, once more at the job's level: the code waits its turn
        // again, visibly, instead of failing; a wait longer than the policy allows fails it.
        const wait = retryWaitMs(e, attempt, policy)
        if (wait !== null) {
          const until = Date.now() + wait
          job.ownWaitUntil = Math.max(job.ownWaitUntil ?? 0, until)
          await this.sleep(wait, job.abort.signal)
          // Cleared unless another check is waiting longer.
          if (job.ownWaitUntil !== null && job.ownWaitUntil <= until) job.ownWaitUntil = null
          continue
        }
        return {
          ...pending(code),
          status: 'error',
          errorKind: kind,
          checkedAt: this.now().toISOString(),
          message: isKindedError(e) ? e.message : 'Something went wrong while checking this code.'
        }
      }
    }
  }

  /** A checked code's row: the history's mapping of a validation, plus bulk's own fields. */
  private resultOf(v: Validation): BulkResult {
    const e = entryOf(v, v.flag ?? null)
    return {
      ...pending(v.code),
      status: e.valid ? 'valid' : 'not-valid',
      itemId: e.itemId,
      itemName: e.itemName,
      license: e.license,
      supportedUntil: e.supportedUntil,
      message: e.valid ? null : e.message || NOT_VALID_TEXT,
      flag: e.flag,
      checkedAt: v.checkedAt
    }
  }
}
