import { AppFailure } from '../ipc/failure'
import type { SecretStore } from '../secrets/types'
import type { StoredConnection } from '../settings/schema'
import type { SettingsStore } from '../settings/store'
import type { DemoPort } from './demo-port'
import { DEMO_LABEL, DEMO_UNAVAILABLE_MESSAGE } from './messages'

/**
 * Starts the demo when needed and points its connection at this run's address: the demo
 * moves to a new address and key each run, and its key lives in the session only.
 */
export async function syncDemoConnection(options: {
  demo: DemoPort | undefined
  settings: SettingsStore
  session: SecretStore
  newId: () => string
}): Promise<StoredConnection> {
  const { demo, settings, session, newId } = options
  if (!demo) throw new AppFailure('internal', DEMO_UNAVAILABLE_MESSAGE)
  const running = await demo.ensure()
  let result: StoredConnection | undefined
  await settings.update((s) => {
    const existing = s.connections.find((c) => c.isDemo)
    result = existing
      ? { ...existing, baseUrl: running.baseUrl }
      : { id: newId(), label: DEMO_LABEL, baseUrl: running.baseUrl, isDemo: true }
    const connection = result
    const connections = existing
      ? s.connections.map((c) => (c.id === connection.id ? connection : c))
      : [...s.connections, connection]
    return { ...s, connections }
  })
  const connection = result!
  await session.set(connection.id, running.apiKey)
  return connection
}
