/**
 * A long loop in the host shares one thread with every answer the page waits for: between
 * its steps, `due()` says when `sliceMs` of work have passed since the loop last let the
 * event loop turn, and `turn()` lets it (queued I/O, an answer, runs first).
 */
export interface TimeSlices {
  due(): boolean
  turn(): Promise<void>
}

export function timeSlices(sliceMs = 4): TimeSlices {
  let since = performance.now()
  return {
    due: () => performance.now() - since >= sliceMs,
    turn: async () => {
      await new Promise((resolve) => setImmediate(resolve))
      since = performance.now()
    }
  }
}
