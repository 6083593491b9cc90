import { setTimeout as sleep } from 'node:timers/promises'
import { NotMeasurable } from './types'

/** A measure's own time (shared set-up excluded) before it is reported as not measured. */
const BASE_LIMIT_MS = 240_000
/** Up to this many items a measure's runs take about the same time whatever the size. */
const BASE_ITEMS = 25_000

/**
 * The time limit for one measure at this catalogue size. Every page load and launch a
 * measure makes is followed by a refresh of the whole catalogue, which the measure waits
 * out so it does not spill into the next run: about 2 s at 10,000 items on this machine,
 * 20–60 s at 100,000, and P6 makes 14 loads, P2b 4 launches. So the limit grows with the
 * list (16 minutes at 100,000 items); it still ends a measure that hangs.
 */
export function measureTimeLimitMs(size: number): number {
  return Math.round(BASE_LIMIT_MS * Math.max(1, size / BASE_ITEMS))
}

/**
 * The measure's result, or NotMeasurable once the measure itself has run `ms`: time the
 * context spends building shared set-up meanwhile (the warm profile, minutes on a busy
 * machine) does not count. Nothing can cancel a measure, so after its limit this waits for
 * it to stop (up to `ms` again) before the next measure starts: a P6 cut off at its limit
 * used to go on spawning hosts under P7's loop measure.
 */
export async function withTimeLimit<T>(
  work: Promise<T>,
  ms: number,
  setup: { readonly setupMs: number }
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const start = Date.now()
  const setupAtStart = setup.setupMs
  const late = Symbol('late')
  const limit = new Promise<typeof late>((resolve) => {
    const check = (): void => {
      const spent = Date.now() - start - (setup.setupMs - setupAtStart)
      if (spent >= ms) resolve(late)
      else timer = setTimeout(check, Math.min(ms - spent, 5_000))
    }
    timer = setTimeout(check, ms)
  })
  try {
    const first = await Promise.race([work, limit])
    if (first !== late) return first
  } finally {
    clearTimeout(timer)
  }
  const waited = new AbortController()
  const stopped = await Promise.race([
    work.then(
      () => true,
      () => true
    ),
    sleep(ms, false, { signal: waited.signal }).catch(() => false)
  ])
  waited.abort()
  throw new NotMeasurable(
    `did not finish within ${ms / 1000} s${stopped ? '' : `, and was still running ${ms / 1000} s later (the measures after it ran beside it)`}`
  )
}
