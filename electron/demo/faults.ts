/** Faults a test (or a curious developer) can inject into the API's answers. */
export type Fault =
  | { type: 'latency'; ms: number }
  | { type: 'status'; status: number; body?: 'html' | 'json' | 'empty'; retryAfter?: number }
  | { type: 'truncate' }
  | { type: 'hang' }
  /** A slow line: the answer's body arrives in `pieces` (default 20) spread over `ms`. */
  | { type: 'trickle'; ms: number; pieces?: number }
  | { type: 'api-off' }
  | { type: 'redirect'; location: string; status?: 301 | 302 }
  | { type: 'html'; status?: number }
  /** Real mode: a 500 from the app in debug mode, exception details included (real-installs §34). */
  | { type: 'debug-error' }
  /** Real mode: the seller is banned: account details answer 401, the rest still work (real-installs §14). */
  | { type: 'banned' }

export interface FaultController {
  /** `times` defaults to "until cleared"; `path` limits the fault to request paths starting with it. */
  inject(fault: Fault, opts?: { times?: number; path?: string }): void
  clear(): void
}

export interface FaultQueue extends FaultController {
  /** The fault for this request, if any; counts it against `times`. */
  take(path: string): Fault | null
}

export function createFaults(): FaultQueue {
  let entries: { fault: Fault; remaining: number; path: string | null }[] = []
  return {
    inject(fault, opts = {}) {
      const times = opts.times ?? Infinity
      if (!(times > 0)) throw new RangeError('times must be a positive number')
      entries.push({ fault, remaining: times, path: opts.path ?? null })
    },
    clear() {
      entries = []
    },
    take(path) {
      const entry = entries.find((e) => e.path === null || path.startsWith(e.path))
      if (!entry) return null
      entry.remaining--
      if (entry.remaining <= 0) entries = entries.filter((e) => e !== entry)
      return entry.fault
    }
  }
}
