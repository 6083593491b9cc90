/**
 * Long work over a large answer written once as a generator that yields between its steps
 * (a few hundred items' worth of work), run either in one go or in time slices. Sliced, a
 * refresh of 100,000 items lets the event loop turn every few milliseconds, so the seller's
 * keystrokes and lookups are answered while it runs, instead of seconds later.
 */
export type Steps<T> = Generator<void, T, void>

/** time-slices.ts's TimeSlices, named here so this file needs no Node (the test bridge uses it). */
interface Slices {
  due(): boolean
  turn(): Promise<void>
}

/** Runs every step now: for small inputs and callers that cannot wait. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** Runs the steps, letting the event loop turn whenever a slice is used up. */
export async function runStepsSliced<T>(steps: Steps<T>, slices: Slices): Promise<T> {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    if (slices.due()) await slices.turn()
  }
}
