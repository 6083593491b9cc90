import { setFlagsFromString } from 'node:v8'

/** Set by preferSmallHeap: how to set V8's flags, and how many reads have room to grow now. */
let smallHeap: { setFlags: (flags: string) => void; roomMade: number } | null = null

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
  smallHeap = { setFlags, roomMade: 0 }
}

/**
 * Runs `work` with V8's usual heap growth, then prefers a small heap again. For reads that
 * build a whole catalogue from disk, most of which stays: under `--optimize-for-size` V8
 * grows the heap by about a tenth past what survived each full collection, so a
 * 100,000-item list (130 MB of objects) was marked whole a dozen times while it was read,
 * and the collector's threads took as much CPU as main's. Reads overlapping share one
 * window; a process that never preferred a small heap is left as it is.
 */
export async function withRoomToGrow<T>(work: () => Promise<T>): Promise<T> {
  const heap = smallHeap
  if (!heap) return work()
  if (heap.roomMade++ === 0) heap.setFlags('--no-optimize-for-size')
  try {
    return await work()
  } finally {
    if (--heap.roomMade === 0) heap.setFlags('--optimize-for-size')
  }
}
