import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApp, type SellerDeskApp } from '../../../electron/main/app'
import { dispatch } from '../../../electron/main/ipc/dispatch'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'
import { contract } from '../../../shared/ipc/contract'
import { FIRST_WINDOW } from '../../../shared/item-summary'

const quiet = { warn: () => {}, error: () => {} }
let dataDir: string
let app: SellerDeskApp
const call = (m: string, r?: unknown) => dispatch(app.handlers, m, r, quiet)

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-opening-'))
  app = await createApp({
    dataDir,
    transport: 'browser',
    appInfo: { name: 'Seller Desk', version: '9.9.9', platform: 'linux' },
    secretStore: createMemorySecretStore(),
    log: quiet
  })
})
afterAll(async () => {
  await app.close()
  await rm(dataDir, { recursive: true, force: true })
})

it('answers the first window only when the app opens on Items with a connection', async () => {
  // No connection yet, even with Items as the last view: nothing to list.
  expect(await call('setLastView', { view: 'items' })).toMatchObject({ ok: true })
  expect(await call('openingWindow')).toEqual({ ok: true, data: null })

  expect(await call('startDemo')).toMatchObject({ ok: true })
  const opening = await call('openingWindow')
  if (!opening.ok) throw new Error(opening.error.message)
  const window = contract.openingWindow.response.parse(opening.data)
  expect(window?.data.total).toBeGreaterThan(0)
  // The same window the grid asks for as it opens.
  const asked = await call('queryItems', { ...FIRST_WINDOW })
  if (!asked.ok) throw new Error(asked.error.message)
  expect(window?.data).toEqual(contract.queryItems.response.parse(asked.data).data)

  // The app opens elsewhere: nothing read for Items.
  expect(await call('setLastView', { view: 'validate' })).toMatchObject({ ok: true })
  expect(await call('openingWindow')).toEqual({ ok: true, data: null })
})
