import { describe, expect, it } from 'vitest'
import {
  CHECK_EVERY_MS,
  createUpdatePolicy,
  updateFailure,
  type UpdateState
} from '../../../electron/main/updates/policy'
import { StubUpdater } from './stub-updater'

// When Seller Desk checks, downloads and restarts, with a stand-in updater (the real
// electron-updater on a loopback feed is in test/main/glue/updater.test.ts).

function setup(options: { bulk?: boolean; autoDownload?: boolean } = {}) {
  const updater = new StubUpdater()
  const states: UpdateState[] = []
  const timers: { fn: () => void; ms: number }[] = []
  const bulk = { running: options.bulk ?? false }
  const policy = createUpdatePolicy({
    updater,
    settings: { autoDownload: options.autoDownload ?? true, beta: false },
    bulkRunning: () => bulk.running,
    notesUrl: (v) => `https://example.test/releases/tag/v${v}`,
    onState: (s) => states.push(s),
    log: { info: () => undefined, warn: () => undefined },
    setInterval: (fn, ms) => {
      timers.push({ fn, ms })
      return {}
    },
    clearInterval: () => undefined
  })
  return { updater, states, timers, bulk, policy }
}

describe('the update policy', () => {
  it('checks at start and every six hours, and applies the settings to the updater', async () => {
    const { updater, timers, policy } = setup()
    expect(updater.autoDownload).toBe(true)
    expect(updater.allowPrerelease).toBe(false)
    expect(updater.autoInstallOnAppQuit).toBe(true)
    policy.start()
    expect(updater.checks).toBe(1)
    expect(timers).toHaveLength(1)
    expect(timers[0]!.ms).toBe(CHECK_EVERY_MS)
    expect(CHECK_EVERY_MS).toBe(6 * 3600 * 1000)
    await Promise.resolve()
    timers[0]!.fn()
    expect(updater.checks).toBe(2)
    policy.applySettings({ autoDownload: false, beta: true })
    expect(updater.autoDownload).toBe(false)
    expect(updater.allowPrerelease).toBe(true)
  })

  it('downloads in the background, then offers the restart with the notes', async () => {
    const { updater, policy, states } = setup()
    updater.next = (u) => {
      u.emit('update-available', { version: '1.2.3' })
      u.emit('download-progress', { percent: 40 })
      u.emit('update-downloaded', { version: '1.2.3' })
    }
    await policy.checkNow()
    expect(states.map((s) => s.kind)).toEqual(['checking', 'downloading', 'downloading', 'ready'])
    expect(policy.state()).toEqual({
      kind: 'ready',
      version: '1.2.3',
      notesUrl: 'https://example.test/releases/tag/v1.2.3'
    })
    // A ready update is not checked again over it.
    await policy.checkNow()
    expect(updater.checks).toBe(1)
    expect(policy.restartToUpdate()).toEqual({ ok: true })
    expect(updater.installs).toBe(1)
  })

  it('never restarts during a bulk check, and says so', async () => {
    const { updater, policy, bulk } = setup({ bulk: true })
    updater.next = (u) => u.emit('update-downloaded', { version: '1.2.3' })
    await policy.checkNow()
    const answer = policy.restartToUpdate()
    expect(answer).toEqual({
      ok: false,
      message: expect.stringMatching(/^A bulk check is running/)
    })
    expect(updater.installs).toBe(0)
    bulk.running = false
    expect(policy.restartToUpdate()).toEqual({ ok: true })
  })

  it('with automatic download off, offers the download and starts it when asked', async () => {
    const { updater, policy } = setup({ autoDownload: false })
    updater.next = (u) => u.emit('update-available', { version: '2.0.0' })
    await policy.checkNow()
    expect(policy.state()).toMatchObject({ kind: 'available', version: '2.0.0' })
    expect(policy.restartToUpdate().ok).toBe(false)
    await policy.download()
    expect(updater.downloads).toBe(1)
    expect(policy.state()).toMatchObject({ kind: 'downloading', version: '2.0.0' })
  })

  it('a failure is one line, the app keeps running, and nothing is up to date when nothing is found', async () => {
    const { updater, policy } = setup()
    updater.next = (u) => u.emit('update-not-available')
    await policy.checkNow()
    expect(policy.state()).toEqual({ kind: 'idle' })
    updater.next = (u) =>
      u.emit('error', new Error('sha512 checksum mismatch, expected abc, got def\n    at stack'))
    await policy.checkNow()
    expect(policy.state()).toEqual({
      kind: 'failed',
      message:
        'The update could not be installed (sha512 checksum mismatch, expected abc, got def); Seller Desk keeps running this version.',
      reason: 'sha512 checksum mismatch, expected abc, got def'
    })
    expect(updateFailure('x'.repeat(300))).toMatch(/^The update could not be installed \(x{159}…\)/)
  })
})
