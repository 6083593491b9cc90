// Run in a child process by keychain.test.ts: reports what the real keytar store says in
// this process's environment (which the test points at a D-Bus that does not exist).
import { createKeytarSecretStore } from '../../../electron/main/secrets/keytar-store'

async function main(): Promise<void> {
  const store = createKeytarSecretStore({
    service: 'Seller Desk test',
    log: { warn: () => undefined }
  })
  const status = await store.status()
  const set = await store.set('probe-child', 'x').then(
    () => 'stored',
    (e: unknown) => (e as { kind?: string }).kind ?? 'error'
  )
  process.stdout.write(JSON.stringify({ status, set }))
}

void main()
