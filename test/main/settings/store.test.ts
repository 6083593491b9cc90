import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSettingsStore, SETTINGS_FILE } from '../../../electron/main/settings/store'
import type { Settings } from '../../../electron/main/settings/schema'

let dataDir: string
let warnings: string[]
const log = { warn: (m: string) => void warnings.push(m) }
const now = () => new Date(Date.UTC(2025, 0, 2, 3, 4, 5))

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-settings-'))
  warnings = []
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const connection = { id: 'c1', label: 'Shop', baseUrl: 'https://m.example', isDemo: false }

describe('settings store', () => {
  it('starts with defaults when there is no file, without writing one', async () => {
    const store = createSettingsStore({ dataDir, log })
    expect(await store.read()).toEqual({
      version: 1,
      connections: [],
      activeId: null,
      theme: 'system'
    })
    expect(await readdir(dataDir)).toEqual([])
    expect(warnings).toEqual([])
  })

  it('saves atomically and reads back in a new store, leaving no temp files', async () => {
    await createSettingsStore({ dataDir, log }).update((s) => ({
      ...s,
      theme: 'dark',
      connections: [connection],
      activeId: 'c1'
    }))
    expect(await readdir(dataDir)).toEqual([SETTINGS_FILE])
    expect(await createSettingsStore({ dataDir, log }).read()).toEqual({
      version: 1,
      connections: [connection],
      activeId: 'c1',
      theme: 'dark'
    })
  })

  it('creates the data folder when it does not exist yet', async () => {
    const nested = join(dataDir, 'a', 'b')
    await createSettingsStore({ dataDir: nested, log }).update((s) => ({ ...s, theme: 'light' }))
    expect(JSON.parse(await readFile(join(nested, SETTINGS_FILE), 'utf8'))).toMatchObject({
      theme: 'light'
    })
  })

  it('strips fields it does not know, so a stray key can never be persisted', async () => {
    const store = createSettingsStore({ dataDir, log })
    await store.update(
      (s) =>
        ({
          ...s,
          connections: [{ ...connection, apiKey: 'secret-key' }],
          extra: 1
        }) as unknown as Settings
    )
    const text = await readFile(join(dataDir, SETTINGS_FILE), 'utf8')
    expect(text).not.toContain('secret-key')
    expect(text).not.toContain('extra')
  })

  it('refuses an invalid update and keeps the old file', async () => {
    const store = createSettingsStore({ dataDir, log })
    await store.update((s) => ({ ...s, theme: 'dark' }))
    await expect(
      store.update((s) => ({ ...s, theme: 'purple' }) as unknown as Settings)
    ).rejects.toThrow()
    await expect(
      store.update((s) => ({ ...s, connections: [connection, connection] }))
    ).rejects.toThrow()
    expect((await createSettingsStore({ dataDir, log }).read()).theme).toBe('dark')
    // The queue keeps working after a failed update.
    await expect(store.update((s) => ({ ...s, theme: 'light' }))).resolves.toMatchObject({
      theme: 'light'
    })
  })

  it('applies quick successive updates in order without losing one', async () => {
    const store = createSettingsStore({ dataDir, log })
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((id) =>
        store.update((s) => ({ ...s, connections: [...s.connections, { ...connection, id }] }))
      )
    )
    const reread = await createSettingsStore({ dataDir, log }).read()
    expect(reread.connections.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd'])
  })

  // What is sound in a damaged file is kept (issue 13, real-installs §8): the theme of a file whose
  // connections list is broken, or of a newer version's file, survives.
  it.each([
    ['not JSON', '{"version":1,', 'system'],
    [
      'an unknown version',
      JSON.stringify({ version: 2, connections: [], activeId: null, theme: 'dark' }),
      'dark'
    ],
    [
      'a wrong type',
      JSON.stringify({ version: 1, connections: 'x', activeId: null, theme: 'dark' }),
      'dark'
    ],
    ['a JSON array', '[]', 'system']
  ])(
    'keeps a corrupt copy of %s, logs one line and reads what it can',
    async (_what, text, theme) => {
      await writeFile(join(dataDir, SETTINGS_FILE), text)
      const store = createSettingsStore({ dataDir, log, now })
      expect(await store.read()).toEqual({
        version: 1,
        connections: [],
        activeId: null,
        theme
      })
      const aside = `${SETTINGS_FILE}.corrupt-2025-01-02T03-04-05-000Z`
      expect((await readdir(dataDir)).sort()).toEqual([SETTINGS_FILE, aside].sort())
      expect(await readFile(join(dataDir, aside), 'utf8')).toBe(text)
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain('was not valid')
      await store.update((s) => ({ ...s, theme: 'light' }))
      expect((await createSettingsStore({ dataDir, log }).read()).theme).toBe('light')
    }
  )
})
