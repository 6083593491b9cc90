/**
 * The browser host as its own process, for P6's spawned start: reads the connection's key
 * from stdin (standing in for the keychain; never printed), starts the host on the warm
 * data folder and prints one JSON line with its address. Stops on SIGTERM.
 */
import { createInterface } from 'node:readline'
import { createMemorySecretStore } from '../../electron/main/secrets/memory-store'
import { startBenchHost } from '../lib/host'

async function main(): Promise<void> {
  const [dataDir, connectionId] = process.argv.slice(2)
  if (!dataDir || !connectionId)
    throw new Error('usage: p6-host-child <dataDir> <connectionId> (key on stdin)')
  const lines = createInterface({ input: process.stdin })
  const key = await new Promise<string>((resolve) => lines.once('line', resolve))
  lines.close()
  const store = createMemorySecretStore()
  await store.set(connectionId, key.trim())
  const host = await startBenchHost(dataDir, store)
  process.on('SIGTERM', () => {
    host.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  })
  process.stdout.write(`${JSON.stringify({ url: host.server.url })}\n`)
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e))
  process.exit(1)
})
