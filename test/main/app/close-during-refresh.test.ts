import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { createApp } from '../../../electron/main/app'
import { startDemoServer, type DemoServer } from '../../../electron/demo'
import { dispatch } from '../../../electron/main/ipc/dispatch'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'
import { FIRST_WINDOW } from '../../../shared/item-summary'

const quiet = { warn: () => {}, error: () => {} }
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

it('closing while a catalogue refresh runs cancels it, and close waits for it to end', async () => {
  // A list large enough to be read on the parse thread (over 1 MiB).
  const demo: DemoServer = await startDemoServer({ mode: 'spec', size: 3000, port: 0 })
  cleanups.push(() => demo.close())
  const dataDir = await mkdtemp(join(tmpdir(), 'sd-close-refresh-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const app = await createApp({
    dataDir,
    transport: 'browser',
    appInfo: { name: 'Seller Desk', version: '9.9.9', platform: 'linux' },
    secretStore: createMemorySecretStore(),
    log: quiet
  })
  cleanups.push(() => app.close())
  const call = (m: string, r?: unknown) => dispatch(app.handlers, m, r, quiet)
  const added = await call('addConnection', {
    label: 'Shop',
    baseUrl: demo.baseUrl,
    apiKey: demo.apiKey,
    allowNoItems: true
  })
  expect(added).toMatchObject({ ok: true })
  expect(await call('listItems', { refresh: true })).toMatchObject({ ok: true })

  let refreshEnded = false
  const refresh = call('queryItems', { ...FIRST_WINDOW, refresh: true }).finally(() => {
    refreshEnded = true
  })
  // The refresh is under way (its request sent) when the app is asked to close.
  await expect
    .poll(async () => {
      const progress = await call('getRefreshProgress')
      return progress.ok && progress.data !== null
    })
    .toBe(true)
  expect(refreshEnded).toBe(false)
  await app.close()
  expect(refreshEnded).toBe(true)
  // Cancelled by the close, it ends as cancelled: nobody is left to show the saved list to.
  const answered = await refresh
  expect(answered).toMatchObject({ ok: false, error: { kind: 'aborted' } })
})
