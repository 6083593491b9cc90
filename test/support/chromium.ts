/**
 * The Chromium that the end-to-end suite and the bench drive, and its flags: one list, so a
 * figure in docs/performance.md and a test in CI see the same browser. No vitest here (the bench
 * imports it).
 */
import { chromium, type Browser } from 'playwright-core'

export const CHROMIUM_PATH = process.env['SELLER_DESK_CHROMIUM'] || '/usr/bin/chromium'

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, built from the same source
 * and version as /usr/bin/chromium): the same Blink, V8 and Skia without the browser around
 * them, as Playwright itself runs headless tests. Headless Chromium builds a whole browser
 * window (tab strip, toolbar, profile services) for every context; on a 2-core machine the
 * shell cost the end-to-end project about a fifth less CPU (docs/testing.md). It has no
 * Web Notifications and asks no page for its icon: the tests of those drive the whole browser.
 */
export const HEADLESS_SHELL_PATH =
  process.env['SELLER_DESK_CHROMIUM_SHELL'] || '/usr/bin/chromium-headless-shell'

/**
 * Features Playwright 1.65 turns off itself (its `--disable-features`). Chromium keeps only
 * the last `--disable-features` it is given, so passing ours would switch these back on
 * (among them HttpsUpgrades, which tries the host's http:// address over https first): ours
 * repeats them, and test/support/chromium.test.ts fails when Playwright's list grows.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn'
] as const

/**
 * Chromium's own browser UI, which Seller Desk's window (Electron) does not have. Headless
 * Chromium 156 is the whole browser: every new window, so every Playwright context, loads
 * two pages of its address bar's pop-up (chrome://omnibox-popup.top-chrome/) in a renderer
 * of their own, at the same time as the page under test. On a 2-core machine that renderer
 * took 130–350 ms of CPU during each of the bench's page loads (docs/performance.md).
 */
const BROWSER_UI_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'PreloadTopChromeWebUI'
] as const

const BASE_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync'
]

export interface ChromiumOptions {
  /** Keep Chromium's own address-bar pages (as the bench did before 2026-11-26). */
  browserUi?: boolean
  /** Launch the headless shell (HEADLESS_SHELL_PATH) instead of the whole browser. */
  shell?: boolean
  extraArgs?: readonly string[]
}

function chromiumArgs(options: ChromiumOptions = {}): string[] {
  const features = options.browserUi
    ? []
    : [`--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`]
  return [...BASE_ARGS, ...features, ...(options.extraArgs ?? [])]
}

export function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: options.shell ? HEADLESS_SHELL_PATH : CHROMIUM_PATH,
    args: chromiumArgs(options)
  })
}
