import { readFileSync } from 'node:fs'

/**
 * This process's own peak RSS in bytes. On Linux that is VmHWM from /proc/self/status: the
 * high-water mark of this process's memory since it started. `resourceUsage().maxRSS` is
 * not: Linux carries the spawning process's high-water mark across fork and exec into it, so
 * a host spawned by the bench would report the bench's own peak whenever that is larger
 * (measured: 192–221 MiB before the host had run a line). maxRSS stands in elsewhere.
 */
export function ownPeakRssBytes(
  status: () => string | null = readOwnStatus,
  maxRssKiB: () => number = () => process.resourceUsage().maxRSS
): number {
  const hwm = vmHwmBytes(status())
  return hwm ?? maxRssKiB() * 1024
}

/** VmHWM of a /proc/<pid>/status text in bytes (the kernel writes kB, meaning KiB), or null. */
export function vmHwmBytes(statusText: string | null): number | null {
  const m = statusText === null ? null : /^VmHWM:\s+(\d+)\s+kB$/m.exec(statusText)
  return m ? Number(m[1]) * 1024 : null
}

function readOwnStatus(): string | null {
  try {
    return readFileSync('/proc/self/status', 'utf8')
  } catch {
    return null
  }
}
