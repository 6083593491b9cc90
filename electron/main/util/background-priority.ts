import os from 'node:os'

/**
 * Lowers the calling thread's CPU priority, for a worker thread doing background work (the
 * item list's parse) beside the seller's keys: on two cores the scheduler then gives main,
 * the renderer and the quick-lookup window the CPU first, and the thread whatever is left.
 *
 * Only on Linux, where a nice value belongs to one thread (setpriority(2) with pid 0). On
 * macOS and Windows the same call would lower the whole app, main included, so it is not
 * made there. Returns whether the priority was lowered; failing to is never an error.
 */
export function lowerThisThreadPriority(
  platform: NodeJS.Platform = process.platform,
  setPriority: (pid: number, priority: number) => void = os.setPriority
): boolean {
  if (platform !== 'linux') return false
  try {
    setPriority(0, os.constants.priority.PRIORITY_LOW)
    return true
  } catch {
    return false
  }
}
