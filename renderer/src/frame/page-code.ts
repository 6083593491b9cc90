/**
 * Background work (the marketplace refresh that follows a cached list) waits here for the
 * first screen. In the browser host, the page's own code comes from the same Node process
 * as the data: a refresh keeps that process busy for a while (the whole catalogue fetched,
 * checked and written), and asked while the page still loaded its views' code, that code
 * waited behind it, seconds at times. On either transport the refresh also takes CPU from
 * the first frame on this two-core machine: it waits until that frame is drawn.
 */
let arrived: Promise<void> = Promise.resolve()
let drawn: Promise<void> = Promise.resolve()
let markDrawn: () => void = () => {}

/** Called once at start with the opening view's code on its way, before the first frame. */
export function holdBackgroundWorkFor(code: Promise<unknown>): void {
  arrived = code.then(
    () => undefined,
    () => undefined
  )
  drawn = new Promise((resolve) => (markDrawn = resolve))
}

/** The app has drawn its first frame: work held for it may start once it is painted. */
export function firstFrameDrawn(): void {
  const release = markDrawn
  // The frame React committed is painted at the next animation frame; the work starts after.
  if (typeof requestAnimationFrame === 'function')
    requestAnimationFrame(() => setTimeout(release, 0))
  else release()
}

/** Settles once the page's code has arrived and its first frame is drawn; at once when nothing is held. */
export function afterFirstScreen(): Promise<void> {
  return Promise.all([arrived, drawn]).then(() => undefined)
}
