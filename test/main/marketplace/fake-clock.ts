import type { PacerClock } from '../../../electron/main/marketplace/pacer'

/** Lets pending promise callbacks (and the pacer's loop) run before time moves on. */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

interface Timer {
  at: number
  resolve: () => void
}

/** A clock that only moves when the test says so. */
export class FakeClock implements PacerClock {
  private t = 1_700_000_000_000
  private timers: Timer[] = []

  now = (): number => this.t

  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve()
      const timer: Timer = { at: this.t + Math.max(0, ms), resolve }
      this.timers.push(timer)
      signal?.addEventListener(
        'abort',
        () => {
          this.timers = this.timers.filter((x) => x !== timer)
          resolve()
        },
        { once: true }
      )
    })

  /** Moves time forward, firing each due timer at its own time. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    await flush()
    for (;;) {
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.timers = this.timers.filter((x) => x !== due)
      this.t = Math.max(this.t, due.at)
      due.resolve()
      await flush()
    }
    this.t = end
    await flush()
  }
}
