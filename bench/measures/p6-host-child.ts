/**
 * The browser host as its own process, for P6's spawned start and the memory measure:
 * reads the connection's key from stdin (standing in for the keychain; never printed),
 * starts the host on the warm data folder and prints one JSON line with its address.
 * Each later stdin line "usage" prints one JSON line with its memory use. Stops on SIGTERM.
 * Bundled to out/bench/p6-host-child.mjs before it runs (see p6-host-start.ts).
 */
import { createInterface } from 'node:readline'
import { createMemorySecretStore } from '../../electron/main/secrets/memory-store'
import { outsideHeapBytes } from '../lib/host-usage'
import { startBenchHost } from '../lib/host'
import { ownPeakRssBytes } from '../lib/peak-rss'
import { preferSmallHeap } from '../../electron/main/util/small-heap'

function usage(): string {
  const m = process.memoryUsage()
  return JSON.stringify({
    // The host's own high-water mark, not the bench's inherited through spawn (see peak-rss.ts).
    peakRssBytes: ownPeakRssBytes(),
    rssBytes: m.rss,
    heapUsedBytes: m.heapUsed,
    externalBytes: outsideHeapBytes(m)
  })
}

async function main(): Promise<void> {
  preferSmallHeap()
  const [dataDir, connectionId] = process.argv.slice(2)
  if (!dataDir || !connectionId)
    throw new Error('usage: p6-host-child <dataDir> <connectionId> (key on stdin)')
  const lines = createInterface({ input: process.stdin })
  const key = await new Promise<string>((resolve) => lines.once('line', resolve))
  const store = createMemorySecretStore()
  await store.set(connectionId, key.trim())
  lines.on('line', (line) => {
    if (line.trim() === 'usage') process.stdout.write(`${usage()}\n`)
  })
  // Stopped while the app still loads, it closes once the app is there.
  let started: ReturnType<typeof startBenchHost> | null = null
  process.on('SIGTERM', () => {
    void started
      ?.then((host) => host.close())
      .then(
        () => process.exit(0),
        () => process.exit(1)
      )
  })
  // The address as soon as the host listens, as the CLI prints it.
  started = startBenchHost(dataDir, store, (server) =>
    process.stdout.write(`${JSON.stringify({ url: server.url })}\n`)
  )
  await started
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e))
  process.exit(1)
})
