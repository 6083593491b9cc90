import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createRotatingLog, LOG_FILE } from '../../../electron/main/logs/rotating-log'

const KEY = 'Zq8xR2mLw7Vb4Nc9Tj6Hd3Kf5Gp1Ys0A'
const CODE = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'

let dir = ''
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('the log file', () => {
  it('writes lines to logs/main.log with no key, piece of a key or purchase code', async () => {
    dir = await mkdtemp(join(tmpdir(), 'seller-desk-log-'))
    const logs = join(dir, 'logs')
    const log = createRotatingLog({
      dir: logs,
      keys: () => [KEY],
      now: () => new Date('2026-11-27T12:00:00Z')
    })
    log.info(`connected with ${KEY}`)
    log.warn(`server quoted ${KEY.slice(3, 19)}… back`)
    log.error(`check of ${CODE} failed`, new Error(`key=${encodeURIComponent(KEY)} refused`))
    log.warn(`an unknown key-like token abcdefghijklmnopqrstuvwxyz0123456789 leaked`)
    const text = await readFile(join(logs, LOG_FILE), 'utf8')
    expect(text.startsWith('2026-11-27T12:00:00.000Z info connected with •••\n')).toBe(true)
    expect(text).not.toContain(KEY.slice(3, 19))
    expect(text).not.toContain(CODE)
    expect(text).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789')
    expect(text).toContain('check of [purchase code] failed')
    // Only warnings and errors are kept for diagnostics, scrubbed too.
    expect(log.recentErrors()).toHaveLength(3)
    expect(log.recentErrors().join('\n')).not.toContain(CODE)
  })

  it('rotates at its size limit and keeps a few files, oldest dropped', async () => {
    dir = await mkdtemp(join(tmpdir(), 'seller-desk-log-'))
    const log = createRotatingLog({ dir, keys: () => [], maxBytes: 200, keep: 2 })
    for (let i = 0; i < 20; i++) log.info(`line ${i} ${'x'.repeat(40)}`)
    expect((await readdir(dir)).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log'])
    const current = await readFile(join(dir, 'main.log'), 'utf8')
    expect(current.length).toBeLessThanOrEqual(200)
    expect(current).toContain('line 19 ')
    expect(await readFile(join(dir, 'main.2.log'), 'utf8')).not.toContain('line 0 ')
  })

  it('never stops the app when the folder cannot be written', async () => {
    dir = await mkdtemp(join(tmpdir(), 'seller-desk-log-'))
    // A file where the folder should be: nothing can be made below it.
    await writeFile(join(dir, 'logs'), 'not a folder')
    const log = createRotatingLog({ dir: join(dir, 'logs', 'deeper'), keys: () => [] })
    expect(() => log.error('still running')).not.toThrow()
    expect(log.recentErrors()).toHaveLength(1)
  })
})
