import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { diagnosticsText } from '../../../electron/main/logs/diagnostics'

const KEY = 'Zq8xR2mLw7Vb4Nc9Tj6Hd3Kf5Gp1Ys0A'
const CODE = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'

describe('Copy diagnostics', () => {
  it('gives versions, system, data folder sizes and the last errors, never a key or code', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seller-desk-diag-'))
    try {
      await writeFile(join(dir, 'settings.json'), 'x'.repeat(2048))
      await mkdir(join(dir, 'media'))
      await writeFile(join(dir, 'media', 'a.jpg'), 'y'.repeat(3 * 1024 * 1024))
      const text = await diagnosticsText({
        app: { name: 'Seller Desk', version: '0.1.0' },
        versions: { electron: '45.4.1', chrome: '140.0', node: '22.20.0' },
        os: { platform: 'linux', release: '6.1.0', arch: 'x64' },
        dataDir: dir,
        recentErrors: [`2026-11-27 error key ${KEY} refused for ${CODE}`],
        keys: [KEY]
      })
      expect(text).toContain('Seller Desk 0.1.0\n')
      expect(text).toContain('Electron 45.4.1, Chromium 140.0, Node 22.20.0')
      expect(text).toContain('System: linux 6.1.0 x64')
      expect(text).toContain('  media: 3.0 MB\n')
      expect(text).toContain('  settings.json: 2.0 KB\n')
      expect(text).toContain('Last errors (1):')
      expect(text).not.toContain(KEY)
      expect(text).not.toContain(CODE)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
