/**
 * Time limits for media bodies. fetchMedia's own timeout ends when the headers arrive; a
 * body that then stalls would hold its reader for as long as the socket lives (undici's
 * five minutes), and one that trickles a byte now and then, forever. Every body main
 * reads to the end (images, prefetches, files kept offline) goes through `guardBody`.
 */
export interface MediaTimeouts {
  /** Longest silence while a body is being received. */
  idleMs: number
  /** Longest a whole image body may take (prefetch or first view). */
  imageTotalMs: number
  /** Longest a file kept offline (video or audio, up to 1 GB) may take. */
  keptTotalMs: number
  /** How long a media request waits for another request's download of the same file. */
  waitMs: number
  /** A prefetched file that stalled is tried once more this long after the run's last file. */
  retryDelayMs: number
}

export const DEFAULT_MEDIA_TIMEOUTS: MediaTimeouts = {
  idleMs: 20_000,
  imageTotalMs: 120_000,
  keptTotalMs: 30 * 60_000,
  waitMs: 30_000,
  retryDelayMs: 30_000
}

/** A body stopped arriving (idle) or took too long in all (deadline). */
export class MediaBodyTimeout extends Error {
  readonly kind = 'timeout'
  constructor(why: 'idle' | 'deadline') {
    super(
      why === 'idle'
        ? 'The media file stopped arriving part way through.'
        : 'The media file took too long to arrive.'
    )
    this.name = 'MediaBodyTimeout'
  }
}

/**
 * The same bytes, failing with MediaBodyTimeout when none arrive for `idleMs` or the whole
 * body takes longer than `totalMs`; the source is then cancelled, which closes its socket.
 * Idle time is counted only while the reader waits for the source (high-water mark 0), so
 * a slow consumer (a disk write) never counts against the marketplace.
 */
export function guardBody(
  source: ReadableStream<Uint8Array>,
  limits: { idleMs: number; totalMs: number }
): ReadableStream<Uint8Array> {
  const reader = source.getReader()
  let totalTimer: NodeJS.Timeout | null = null
  let overdue: ((e: Error) => void) | null = null
  const deadline = new Promise<never>((_, reject) => {
    overdue = reject
  })
  deadline.catch(() => undefined)
  const stop = (): void => {
    if (totalTimer) clearTimeout(totalTimer)
    totalTimer = null
  }
  return new ReadableStream<Uint8Array>(
    {
      start() {
        totalTimer = setTimeout(() => overdue?.(new MediaBodyTimeout('deadline')), limits.totalMs)
        totalTimer.unref()
      },
      async pull(controller) {
        let idleTimer: NodeJS.Timeout | null = null
        const idle = new Promise<never>((_, reject) => {
          idleTimer = setTimeout(() => reject(new MediaBodyTimeout('idle')), limits.idleMs)
          idleTimer.unref()
        })
        try {
          const next = await Promise.race([reader.read(), idle, deadline])
          if (next.done) {
            stop()
            controller.close()
          } else controller.enqueue(next.value)
        } catch (e) {
          stop()
          await reader.cancel(e).catch(() => undefined)
          controller.error(e)
        } finally {
          if (idleTimer) clearTimeout(idleTimer)
        }
      },
      async cancel(reason) {
        stop()
        await reader.cancel(reason).catch(() => undefined)
      }
    },
    { highWaterMark: 0 }
  )
}

/**
 * Waits for `work` on behalf of one request, which gives up on its own (its client went
 * away, or `ms` passed) without touching the work other requests still wait for.
 */
export async function waitOwn<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
  ms: number
): Promise<{ done: true; value: T } | { done: false }> {
  let timer: NodeJS.Timeout | null = null
  let onAbort: (() => void) | null = null
  const gaveUp = new Promise<{ done: false }>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms)
    timer.unref()
    if (signal) {
      onAbort = () => resolve({ done: false })
      if (signal.aborted) onAbort()
      else signal.addEventListener('abort', onAbort, { once: true })
    }
  })
  try {
    return await Promise.race([work.then((value) => ({ done: true as const, value })), gaveUp])
  } finally {
    if (timer) clearTimeout(timer)
    if (signal && onAbort) signal.removeEventListener('abort', onAbort)
  }
}
