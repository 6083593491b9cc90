import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron, type ElectronApplication } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../electron/host/paths'
import { findElectronBinary } from '../../electron/tools/electron-binary.mjs'

// The desktop build itself. Needs the Electron binary, which npm ci skips where
// ELECTRON_SKIP_BINARY_DOWNLOAD is set; the browser-host tests cover the rest there.
const electron = findElectronBinary(repoRoot)
const binary = 'path' in electron ? electron.path : null
// The skip says why in the log and in the report, e.g. which path was missing.
const skipReason = 'missing' in electron ? electron.missing : null
if (skipReason !== null) console.log(`Electron app tests skipped: ${skipReason}`)

describe.skipIf(binary === null)(
  skipReason === null ? 'the Electron app' : `the Electron app (skipped: ${skipReason})`,
  () => {
    let app: ElectronApplication | null = null
    let userData: string | null = null

    afterAll(async () => {
      await app?.close()
      if (userData) await rm(userData, { recursive: true, force: true })
    })

    it('opens the Seller Desk window with the preload bridge', async () => {
      userData = await mkdtemp(join(tmpdir(), 'seller-desk-electron-'))
      // executablePath given: without it Playwright requires 'electron', which downloads.
      app = await _electron.launch({
        executablePath: binary!,
        args: [join(repoRoot, 'out/main/index.js'), `--user-data-dir=${userData}`],
        cwd: repoRoot
      })
      const window = await app.firstWindow()
      await window.waitForLoadState('domcontentloaded')
      expect(await window.title()).toBe('Seller Desk')
      const info = await window.evaluate(() =>
        (
          window as unknown as { sellerDesk: { getAppInfo(): Promise<unknown> } }
        ).sellerDesk.getAppInfo()
      )
      expect(info).toMatchObject({ ok: true, data: { transport: 'electron', name: 'Seller Desk' } })
      // Nothing of Node reaches the page.
      expect(
        await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)
      ).toBe('undefined')
    })
  }
)
