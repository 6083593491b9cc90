import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron, type ElectronApplication, type Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import config from '../../electron-builder.config'
import { startDemoServer, type DemoServer } from '../../electron/demo'
import { repoRoot } from '../../electron/host/paths'
import { findElectronBinary } from '../../electron/tools/electron-binary.mjs'
import { filesHolding } from '../support/secret-scan'

// The desktop build itself: from a checkout (out/main with the electron package's binary),
// or, on the release runners, the packaged app electron-builder just made
// (SELLER_DESK_PACKAGED_APP: the unpacked executable; .github/workflows/release.yml).
// @electron/fuses' FuseState values, which it does not export: '1' on, '0' off.
const ENABLE = 49
const DISABLE = 48
// Without a binary (npm ci with ELECTRON_SKIP_BINARY_DOWNLOAD, as here) it skips, saying why;
// the browser-host tests cover the app itself there.
const packaged = process.env['SELLER_DESK_PACKAGED_APP'] || null
const electron = packaged ? { path: packaged } : findElectronBinary(repoRoot)
const binary = 'path' in electron ? electron.path : null
const skipReason = 'missing' in electron ? electron.missing : null
if (skipReason !== null) console.log(`Electron app tests skipped: ${skipReason}`)

type Bridge = Record<string, (request?: unknown) => Promise<{ ok: boolean; data?: unknown }>>
const call = (page: Page, method: string, request?: unknown) =>
  page.evaluate(
    ([m, r]) => (globalThis as unknown as { sellerDesk: Bridge }).sellerDesk[m as string]!(r),
    [method, request] as const
  )

describe.skipIf(binary === null)(
  skipReason === null
    ? `the Electron app${packaged ? ' (packaged)' : ''}`
    : `the Electron app (skipped: ${skipReason})`,
  () => {
    let app: ElectronApplication | null = null
    let userData: string | null = null
    let demo: DemoServer | null = null

    afterAll(async () => {
      await app?.close()
      await demo?.close()
      if (userData) await rm(userData, { recursive: true, force: true })
    })

    it('has the fuses the build configured', async (ctx) => {
      // A checkout's binary is Electron's own, with its default fuses.
      if (!packaged) return ctx.skip()
      const wire = await getCurrentFuseWire(packaged)
      const fuses = config.electronFuses!
      const expected: [FuseV1Options, boolean | undefined][] = [
        [FuseV1Options.RunAsNode, fuses.runAsNode],
        [FuseV1Options.EnableCookieEncryption, fuses.enableCookieEncryption],
        [
          FuseV1Options.EnableNodeOptionsEnvironmentVariable,
          fuses.enableNodeOptionsEnvironmentVariable
        ],
        [FuseV1Options.EnableNodeCliInspectArguments, fuses.enableNodeCliInspectArguments],
        [
          FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
          fuses.enableEmbeddedAsarIntegrityValidation
        ],
        [FuseV1Options.OnlyLoadAppFromAsar, fuses.onlyLoadAppFromAsar],
        [FuseV1Options.GrantFileProtocolExtraPrivileges, fuses.grantFileProtocolExtraPrivileges]
      ]
      for (const [fuse, on] of expected)
        expect([fuse, wire[fuse]]).toEqual([fuse, on ? ENABLE : DISABLE])
    })

    it('opens the Seller Desk window with the preload bridge', async () => {
      userData = await mkdtemp(join(tmpdir(), 'seller-desk-electron-'))
      // executablePath given: without it Playwright requires 'electron', which downloads.
      app = await _electron.launch({
        executablePath: binary!,
        args: [
          ...(packaged ? [] : [join(repoRoot, 'out/main/index.js')]),
          `--user-data-dir=${userData}`
        ],
        cwd: packaged ? tmpdir() : repoRoot
      })
      const window = await app.firstWindow()
      await window.waitForLoadState('domcontentloaded')
      expect(await window.title()).toBe('Seller Desk')
      const info = await call(window, 'getAppInfo')
      expect(info).toMatchObject({ ok: true, data: { transport: 'electron', name: 'Seller Desk' } })
      // Nothing of Node reaches the page.
      expect(
        await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)
      ).toBe('undefined')
    })

    it('explores the demo and reads a sample code as Valid', async () => {
      const window = await app!.firstWindow()
      await window.getByRole('button', { name: 'Explore the demo' }).click()
      await window.getByTestId('balance').waitFor({ timeout: 30_000 })
      const codes = (await call(window, 'getSampleCodes')) as { data: { valid: string } }
      await window.keyboard.press('Control+K')
      await window.getByRole('heading', { name: 'Validate', level: 1 }).waitFor()
      await window.getByLabel('Purchase code', { exact: true }).fill(codes.data.valid)
      await window.keyboard.press('Enter')
      await expect
        .poll(() => window.locator('#verdict-word').textContent(), { timeout: 30_000 })
        .toBe('Valid')
    })

    it('keeps a saved key in the OS keychain, never in the data folder', async () => {
      const window = await app!.firstWindow()
      demo = await startDemoServer()
      const added = await call(window, 'addConnection', {
        label: 'Smoke test',
        baseUrl: demo.baseUrl,
        apiKey: demo.apiKey
      })
      expect(added).toMatchObject({ ok: true })
      const keytar = (await import('keytar')).default
      const saved = await keytar.findCredentials('Seller Desk')
      expect(saved.map((c) => c.password)).toContain(demo.apiKey)
      expect(await filesHolding(userData!, [demo.apiKey])).toEqual([])
      // Remove it again: the runner's keychain is left as it was.
      const id = (added as { data: { id: string } }).data.id
      expect(await call(window, 'removeConnection', { id })).toMatchObject({ ok: true })
    })

    it('quits cleanly', async () => {
      const closed = app!.process()
      const exit = new Promise<number | null>((resolve) => closed.once('exit', resolve))
      await app!.close()
      app = null
      expect(await exit).toBe(0)
    })
  }
)
