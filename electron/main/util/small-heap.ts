import { setFlagsFromString } from 'node:v8'

/**
 * Main keeps one catalogue (about 40 MB of heap at 10,000 items) but a refresh makes
 * several times that in short-lived garbage: the answer's bytes, each item's parse, the
 * key scrub, the search text, the cache file's JSON. On a machine with plenty of memory
 * V8's defaults let the heap grow to hold all of it before collecting, and the process
 * keeps the pages it grew into. `--optimize-for-size` makes V8 collect sooner and grow its
 * heap less: the host's peak RSS across a 10,000-item refresh went from 215-220 MiB to
 * 164-165 MiB, with no change in the refresh's longest turn or a keystroke's answer
 * beyond the machine's noise (docs/performance.md).
 *
 * Called first thing in every process that runs main's services (the desktop app, the
 * browser host, the bench's hosts), before the heap has grown.
 */
export function preferSmallHeap(setFlags: (flags: string) => void = setFlagsFromString): void {
  setFlags('--optimize-for-size')
}
