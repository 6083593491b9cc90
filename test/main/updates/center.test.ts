import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSettingsStore, SETTINGS_FILE } from '../../../electron/main/settings/store'
import { CRASH_NOTICE, createUpdateCenter } from '../../../electron/main/updates/center'
import { createUpdatePolicy } from '../../../electron/main/updates/policy'
import { StubUpdater } from './stub-updater'

// The window's side of updates: the banner's state and Restart, Settings → Updates saved
// in settings.json and handed to the policy, and the crash notice. A real settings file and
// the real policy over a stand-in updater.

let dataDir: string
const log = { info: () => undefined, warn: () => undefined }
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-update-center-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

async function setup() {
  const settings = createSettingsStore({ dataDir, log })
  const bulk = { running: false }
  const center = createUpdateCenter({ settings, bulkRunning: () => bulk.running })
  const updater = new StubUpdater()
  const policy = createUpdatePolicy({
    updater,
    settings: await center.settings(),
    bulkRunning: () => bulk.running,
    notesUrl: (v) => `https://example.test/releases/tag/v${v}`,
    onState: () => undefined,
    log,
    setInterval: () => ({}),
    clearInterval: () => undefined
  })
  return { settings, bulk, center, updater, policy, h: center.handlers }
}

describe('updates as the window sees them', () => {
  it('says there are no updates until a policy runs (the browser host never has one)', async () => {
    const { h } = await setup()
    expect(await h.getUpdateState(undefined)).toEqual({
      available: false,
      state: { kind: 'idle' },
      bulkRunning: false
    })
    expect(await h.getUpdateSettings(undefined)).toEqual({
      available: false,
      autoDownload: true,
      beta: false
    })
    await expect(h.restartToUpdate(undefined)).rejects.toThrow(/desktop app/)
    await expect(h.setUpdateSettings({ beta: true })).rejects.toThrow(/desktop app/)
  })

  it('shows a ready update and restarts into it, but never while a bulk check runs', async () => {
    const { h, center, updater, policy, bulk } = await setup()
    center.attach(policy)
    updater.next = (u) => {
      u.emit('update-available', { version: '1.2.3' })
      u.emit('update-downloaded', { version: '1.2.3' })
    }
    await policy.checkNow()
    bulk.running = true
    expect(await h.getUpdateState(undefined)).toEqual({
      available: true,
      state: {
        kind: 'ready',
        version: '1.2.3',
        notesUrl: 'https://example.test/releases/tag/v1.2.3'
      },
      bulkRunning: true
    })
    await expect(h.restartToUpdate(undefined)).rejects.toThrow(/after the bulk check finishes/)
    expect(updater.installs).toBe(0)
    bulk.running = false
    expect(await h.restartToUpdate(undefined)).toBeNull()
    expect(updater.installs).toBe(1)
  })

  it('downloads on request when automatic download is off', async () => {
    const { h, center, updater, policy } = await setup()
    center.attach(policy)
    await h.setUpdateSettings({ autoDownload: false })
    updater.next = (u) => u.emit('update-available', { version: '2.0.0' })
    await policy.checkNow()
    expect((await h.getUpdateState(undefined)).state.kind).toBe('available')
    expect((await h.downloadUpdate(undefined)).state.kind).toBe('downloading')
    expect(updater.downloads).toBe(1)
  })

  it('saves the choices in settings.json and hands them to the updater', async () => {
    const { h, center, updater, policy } = await setup()
    center.attach(policy)
    expect(await h.setUpdateSettings({ beta: true })).toEqual({
      available: true,
      autoDownload: true,
      beta: true
    })
    expect(updater.allowPrerelease).toBe(true)
    expect(await h.setUpdateSettings({ autoDownload: false })).toMatchObject({
      autoDownload: false,
      beta: true
    })
    expect(updater.autoDownload).toBe(false)
    const saved = JSON.parse(await readFile(join(dataDir, SETTINGS_FILE), 'utf8')) as unknown
    expect(saved).toMatchObject({ updates: { autoDownload: false, beta: true } })
    // The next start begins from them.
    const again = createUpdateCenter({
      settings: createSettingsStore({ dataDir, log }),
      bulkRunning: () => false
    })
    expect(await again.settings()).toEqual({ autoDownload: false, beta: true })
  })

  it('reads a settings file from before updates were a setting, with the defaults', async () => {
    await writeFile(
      join(dataDir, SETTINGS_FILE),
      JSON.stringify({ version: 1, connections: [], activeId: null, theme: 'dark' })
    )
    const { center, settings } = await setup()
    expect(await center.settings()).toEqual({ autoDownload: true, beta: false })
    expect((await settings.read()).theme).toBe('dark')
  })

  it('keeps the update choices of a settings file it had to salvage', async () => {
    await writeFile(
      join(dataDir, SETTINGS_FILE),
      JSON.stringify({
        version: 1,
        connections: 'nope',
        activeId: null,
        theme: 'dark',
        updates: { autoDownload: false, beta: true }
      })
    )
    const { center } = await setup()
    expect(await center.settings()).toEqual({ autoDownload: false, beta: true })
  })

  it('gives the crash notice once, after a crash only', async () => {
    const { h, center } = await setup()
    expect(await h.takeCrashNotice(undefined)).toEqual({ line: null })
    center.noteCrash()
    expect(await h.takeCrashNotice(undefined)).toEqual({ line: CRASH_NOTICE })
    expect(await h.takeCrashNotice(undefined)).toEqual({ line: null })
  })
})
