import type { RefreshPhase, RefreshProgress } from '../../../shared/ipc/contract'
import { AppFailure } from '../ipc/failure'

/** How a refresh's stages say how far they are: no object made per call (it runs per item). */
type ProgressListener = (phase: RefreshPhase, done: number, total: number | null) => void

/** One catalogue refresh under way: its cancel signal, and where it reports how far it is. */
export interface RefreshRun {
  readonly signal: AbortSignal
  readonly report: ProgressListener
  /** Throws the refresh's cancellation when it was cancelled: a stage checks before moving on. */
  check(): void
  /**
   * From here the new list is written and answered: a cancel no longer stops it (half a
   * write must never replace the saved list), and progress says so.
   */
  committing(): void
  end(): void
}

export interface RefreshTracker {
  start(connectionId: string): RefreshRun
  /** The newest refresh of this connection still running, or null. */
  progress(connectionId: string): RefreshProgress | null
  /** Cancels this connection's refreshes that can still be cancelled; whether any was. */
  cancel(connectionId: string): boolean
  /**
   * For the app's close: cancels every refresh that can still be cancelled, and resolves
   * once none runs (one saving its list finishes saving), so no refresh works or writes on
   * after the app has closed.
   */
  close(): Promise<void>
}

export const REFRESH_CANCELLED = 'The refresh was cancelled.'

/** The error a cancelled refresh ends with: kind `aborted`, like a cancelled request. */
const cancelledRefresh = (): AppFailure => new AppFailure('aborted', REFRESH_CANCELLED)

interface Running {
  connectionId: string
  startedAt: number
  phase: RefreshPhase
  done: number
  total: number | null
  controller: AbortController
}

/**
 * What each catalogue refresh has got to, per connection, for the page to ask (main cannot
 * push to it), and the way to cancel one. Progress is only ever what a stage said last: the
 * bytes of the answer received, the items read, the items indexed.
 */
export function createRefreshTracker(now: () => number = () => performance.now()): RefreshTracker {
  const running = new Set<Running>()
  /** Told when the last running refresh ends. */
  let idle: Array<() => void> = []

  const newest = (connectionId: string): Running | null => {
    let found: Running | null = null
    for (const r of running)
      if (r.connectionId === connectionId && (!found || r.startedAt >= found.startedAt)) found = r
    return found
  }

  /** Cancels the chosen refreshes that can still be cancelled; whether any was. */
  const cancelWhere = (chosen: (run: Running) => boolean): boolean => {
    let cancelled = false
    for (const run of running) {
      if (!chosen(run) || run.phase === 'saving' || run.controller.signal.aborted) continue
      run.controller.abort(cancelledRefresh())
      cancelled = true
    }
    return cancelled
  }

  return {
    start(connectionId) {
      const run: Running = {
        connectionId,
        startedAt: now(),
        phase: 'waiting',
        done: 0,
        total: null,
        controller: new AbortController()
      }
      running.add(run)
      return {
        signal: run.controller.signal,
        report: (phase, done, total) => {
          if (run.phase === 'saving') return
          run.phase = phase
          run.done = done
          run.total = total
        },
        check: () => {
          if (run.controller.signal.aborted) throw cancelledRefresh()
        },
        committing: () => {
          run.phase = 'saving'
          run.done = 0
          run.total = null
        },
        end: () => {
          running.delete(run)
          if (running.size > 0) return
          const told = idle
          idle = []
          for (const resolve of told) resolve()
        }
      }
    },

    progress(connectionId) {
      const run = newest(connectionId)
      if (!run) return null
      return {
        phase: run.phase,
        done: run.done,
        total: run.total,
        elapsedMs: Math.max(0, Math.round(now() - run.startedAt)),
        cancellable: run.phase !== 'saving' && !run.controller.signal.aborted
      }
    },

    cancel(connectionId) {
      return cancelWhere((run) => run.connectionId === connectionId)
    },

    close() {
      cancelWhere(() => true)
      if (running.size === 0) return Promise.resolve()
      return new Promise<void>((resolve) => idle.push(resolve))
    }
  }
}
