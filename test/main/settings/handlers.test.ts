import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { settingsHandlers } from '../../../electron/main/settings/handlers'
import { createSettingsStore, SETTINGS_FILE } from '../../../electron/main/settings/store'

let dataDir: string
const log = { warn: () => {} }

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-settings-handlers-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

it('keeps the last view across starts, and says nothing of one never opened', async () => {
  const first = settingsHandlers(createSettingsStore({ dataDir, log }))
  expect(await first.getSettings(undefined)).toEqual({ theme: 'system' })
  expect(await first.setLastView({ view: 'items' })).toEqual({ view: 'items' })
  const next = settingsHandlers(createSettingsStore({ dataDir, log }))
  expect(await next.getSettings(undefined)).toEqual({ theme: 'system', lastView: 'items' })
  const saved = JSON.parse(await readFile(join(dataDir, SETTINGS_FILE), 'utf8')) as unknown
  expect(saved).toMatchObject({ lastView: 'items' })
})

it('keeps a sound last view from a settings file it had to salvage, and drops an unknown one', async () => {
  const broken = { version: 1, connections: 'nope', activeId: null, theme: 'dark' }
  await writeFile(join(dataDir, SETTINGS_FILE), JSON.stringify({ ...broken, lastView: 'history' }))
  expect(
    await settingsHandlers(createSettingsStore({ dataDir, log })).getSettings(undefined)
  ).toEqual({
    theme: 'dark',
    lastView: 'history'
  })
  await writeFile(join(dataDir, SETTINGS_FILE), JSON.stringify({ ...broken, lastView: 'wallet' }))
  expect(
    await settingsHandlers(createSettingsStore({ dataDir, log })).getSettings(undefined)
  ).toEqual({
    theme: 'dark'
  })
})

it('keeps where the Items grid sat across starts, and drops a damaged record of it', async () => {
  const first = settingsHandlers(createSettingsStore({ dataDir, log }))
  expect(await first.setItemsInset({ x: 220, y: 113 })).toEqual({ x: 220, y: 113 })
  const next = settingsHandlers(createSettingsStore({ dataDir, log }))
  expect(await next.getSettings(undefined)).toEqual({
    theme: 'system',
    itemsInset: { x: 220, y: 113 }
  })
  // A file the schema refuses keeps a sound inset and loses a damaged one, nothing else.
  const broken = { version: 1, connections: 'nope', activeId: null, theme: 'dark' }
  await writeFile(
    join(dataDir, SETTINGS_FILE),
    JSON.stringify({ ...broken, itemsInset: { x: 300, y: 90 } })
  )
  expect(
    await settingsHandlers(createSettingsStore({ dataDir, log })).getSettings(undefined)
  ).toEqual({ theme: 'dark', itemsInset: { x: 300, y: 90 } })
  await writeFile(
    join(dataDir, SETTINGS_FILE),
    JSON.stringify({ ...broken, itemsInset: { x: -4, y: 'tall' } })
  )
  expect(
    await settingsHandlers(createSettingsStore({ dataDir, log })).getSettings(undefined)
  ).toEqual({ theme: 'dark' })
})
