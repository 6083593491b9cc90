import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findElectronBinary } from '../../electron/tools/electron-binary.mjs'

describe('finding the Electron binary', () => {
  it('never downloads, and explains what is missing', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'seller-desk-no-electron-'))
    try {
      const found = findElectronBinary(process.cwd(), { ELECTRON_OVERRIDE_DIST_PATH: empty })
      expect(found).toEqual({ missing: expect.stringContaining(`no binary at ${join(empty, '')}`) })
      expect(findElectronBinary(empty)).toEqual({
        missing: 'the electron package is not in node_modules'
      })
    } finally {
      await rm(empty, { recursive: true, force: true })
    }
  })
})
