/**
 * In the browser host, the page's own code comes from the same Node process as the data.
 * The marketplace refresh that follows a cached list keeps that process busy for a while
 * (the whole catalogue fetched, checked and written); asked while the page still loads
 * its views' code, that code waited behind it, seconds at times (measured with the bench's
 * first-card load). Background work waits here until the code has arrived (or failed).
 */
let arrived: Promise<void> = Promise.resolve()

/** Called once at start with the views' code on its way. */
export function holdBackgroundWorkFor(code: Promise<unknown>): void {
  arrived = code.then(
    () => undefined,
    () => undefined
  )
}

/** Settles once the page's code has arrived; at once when nothing is held. */
export function afterPageCode(): Promise<void> {
  return arrived
}
