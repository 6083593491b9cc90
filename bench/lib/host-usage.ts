/** What the spawned host reports of its memory (bench/measures/p6-host-child.ts). */
export interface HostUsageNumbers {
  peakRssBytes: number
  rssBytes: number
  heapUsedBytes: number
  externalBytes: number
}

/**
 * `maxRssKb` is resourceUsage().maxRSS, in kilobytes: the highest RSS since the process
 * started. Buffers outside the JS heap are `external` alone: Node's docs say arrayBuffers
 * "is also included in the external value", so adding it would count them twice.
 */
export function hostUsage(memory: NodeJS.MemoryUsage, maxRssKb: number): HostUsageNumbers {
  return {
    peakRssBytes: maxRssKb * 1024,
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    externalBytes: memory.external
  }
}
