/**
 * End-to-end harness: Seller Desk's browser host, in this process, driven by real
 * Chromium through playwright-core: its headless shell (/usr/bin/chromium-headless-shell),
 * or the whole browser (/usr/bin/chromium) for a test that asks (`wholeBrowser`).
 *
 *   import { it, expect } from 'vitest'
 *   import { startHarness } from './harness'
 *
 *   it('shows the account of the demo seller', async () => {
 *     const h = await startHarness({ demo: true })          // fresh temp data folder
 *     await h.page.getByRole('heading', { name: 'Account' }).waitFor()
 *     expect(await h.page.getByTestId('balance').textContent()).toContain('$')
 *   })
 *
 * - Started inside a test (or a beforeEach), the harness closes itself when that test
 *   ends; if the test failed it first saves test-results/screenshots/<test>.png and a
 *   Playwright trace test-results/traces/<test>.zip of every call, its timing and error
 *   (open with `npx playwright show-trace`; SELLER_DESK_E2E_SNAPSHOTS=1 adds a DOM snapshot
 *   of every step and the network). Started in a beforeAll, call `close()` in the afterAll yourself.
 * - `host.stop()` / `host.restart()` stop and restart the host on the same port, token
 *   and data folder (offline and "service stopped" states; reload the page after).
 * - `consoleLines` collects the page's console messages and uncaught errors.
 * - The renderer must be built (`npm run build`, which `npm test` runs first);
 *   SELLER_DESK_RENDERER_DIR points at another build.
 * - The host uses the test process's keychain (run under test/with-keychain.sh), under a
 *   keychain service of its own (`keychainService`), emptied when the harness closes: each
 *   test sees only the keys it saved.
 * - Closing sweeps for leaked keys: every key saved in that keychain service and the keys
 *   of any demo marketplace the app started must not appear in the data folder, the page
 *   or the page's console. A leak fails the test that caused it.
 */
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, onTestFailed, onTestFinished, TestRunner } from 'vitest'
import { rendererIsBuilt } from '../../electron/host/build-renderer'
import { builtInDemo } from '../../electron/main/app'
import type { DemoServer } from '../../electron/demo'
import { launchHost, type LaunchOptions, type RunningHost } from '../../electron/host/launch'
import { defaultRendererDir, repoRoot } from '../../electron/host/paths'
import { HEADLESS_SHELL_PATH, launchChromium as launchSharedChromium } from '../support/chromium'
import { filesHolding, textHolding } from '../support/secret-scan'
import { savedKey } from '../support/keychain-entry'

/** The four looks a changed screen is checked in: both themes, wide and at 760 px. */
export const LOOKS = [
  ['light', { width: 1280, height: 800 }],
  ['dark', { width: 1280, height: 800 }],
  ['dark', { width: 760, height: 700 }],
  ['light', { width: 760, height: 700 }]
] as const

export interface HarnessOptions {
  /** Connect to the built-in demo marketplace before the page opens. */
  demo?: boolean
  /** Use this data folder (kept afterwards) instead of a fresh temp one (removed). */
  dataDir?: string
  colorScheme?: 'light' | 'dark'
  viewport?: { width: number; height: number }
  /** Starts the demo marketplace instead of the built-in one: a test keeps a handle on it (faults, codes). */
  startDemo?: LaunchOptions['startDemo']
  /** Drive the whole Chromium browser, not its headless shell (see launchChromium). */
  wholeBrowser?: boolean
  /**
   * Let the app animate, as for a seller who has not asked the system for reduced motion.
   * Off by default: the page then asks for reduced motion, which the app honours (no
   * transition or endless animation runs). Without a GPU every animation frame is drawn on
   * the CPU: the end-to-end project took about a sixth less CPU without them
   * (docs/testing.md). A test of what moves, or of what moving costs, turns it on.
   */
  motion?: boolean
}

export interface Harness {
  page: Page
  context: BrowserContext
  /** The address the page was opened with, token included. */
  url: string
  token: string
  dataDir: string
  /** The keychain service this harness's app saves keys under (keytar's `service`). */
  keychainService: string
  host: { baseUrl: string; stop(): Promise<void>; restart(): Promise<void> }
  consoleLines: string[]
  /** Saves test-results/screenshots/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>
  /** Idempotent. `failed` keeps a screenshot and trace; by default: did the current test fail? */
  close(options?: { failed?: boolean }): Promise<void>
}

const resultsDir = join(repoRoot, 'test-results')
const recordSnapshots = process.env['SELLER_DESK_E2E_SNAPSHOTS'] === '1'

/**
 * The headless shell by default (test/support/chromium.ts); `wholeBrowser` for what only
 * the whole browser does: Web Notifications, asking a page for its icon.
 */
export async function launchChromium(options: { wholeBrowser?: boolean } = {}): Promise<Browser> {
  const shell = !options.wholeBrowser
  if (shell && !existsSync(HEADLESS_SHELL_PATH))
    throw new Error(
      `The end-to-end tests drive Chromium's headless shell at ${HEADLESS_SHELL_PATH}: install it (apt-get install chromium-headless-shell) or set SELLER_DESK_CHROMIUM_SHELL.`
    )
  // Media tests call play() on preview video and audio without a click first.
  return launchSharedChromium({ shell, extraArgs: ['--autoplay-policy=no-user-gesture-required'] })
}

// One Chromium per test worker (the e2e project shares modules between the files a worker
// runs), a fresh context per harness: contexts share no cookies, storage or cache, and a
// launch costs about a second on a 2-core machine. Playwright ends the browser when the
// worker's process exits. The whole browser is launched only for the tests that ask for it.
const sharedBrowsers = new Map<boolean, Promise<Browser>>()
function workerBrowser(wholeBrowser: boolean): Promise<Browser> {
  let browser = sharedBrowsers.get(wholeBrowser)
  if (!browser) {
    browser = launchChromium({ wholeBrowser }).then((b) => {
      b.on('disconnected', () => sharedBrowsers.delete(wholeBrowser))
      return b
    })
    sharedBrowsers.set(wholeBrowser, browser)
  }
  return browser
}

const slug = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120) || 'unnamed'

function currentTestName(): string | null {
  const test = TestRunner.getCurrentTest()
  if (!test) return null
  const names: string[] = [test.name]
  for (let suite = test.suite; suite && suite.name; suite = suite.suite) names.unshift(suite.name)
  return names.join(' ')
}

async function keychainCredentials(service: string) {
  const { default: keytar } = await import('keytar')
  return { keytar, credentials: await keytar.findCredentials(service) }
}

/** Deletes every key saved under a test's own keychain service. */
async function clearKeychainService(service: string): Promise<void> {
  const { keytar, credentials } = await keychainCredentials(service)
  for (const { account } of credentials) await keytar.deletePassword(service, account)
}

/** Where the keys this harness knows of turn up: data files, page text, page console. */
async function leaksOf(
  secrets: string[],
  dataDir: string,
  pageText: string,
  consoleLines: string[]
): Promise<string[]> {
  if (secrets.length === 0) return []
  const places = (await filesHolding(dataDir, secrets)).map((f) => `data folder: ${f}`)
  if (textHolding(pageText, secrets).length > 0) places.push('the page')
  if (textHolding(consoleLines.join('\n'), secrets).length > 0) places.push("the page's console")
  return places
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  if (!rendererIsBuilt(defaultRendererDir)) {
    throw new Error(
      `The end-to-end tests need the built renderer at ${defaultRendererDir}: run "npm run build" first (npm test does).`
    )
  }
  const ownDataDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'seller-desk-e2e-')))
  const testName = currentTestName()
  const cleanups: (() => Promise<unknown>)[] = []
  const cleanUp = async (): Promise<void> => {
    for (const step of cleanups.reverse()) await step().catch(() => {})
    cleanups.length = 0
  }
  if (ownDataDir) cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const keychainService = `Seller Desk e2e ${randomUUID()}`
  cleanups.push(() => clearKeychainService(keychainService))
  // Keys of demo marketplaces the app starts: the built-in one, or the test's own.
  const demoKeys: string[] = []
  const startDemo: NonNullable<LaunchOptions['startDemo']> = async () => {
    const demo = await (options.startDemo ?? builtInDemo)()
    demoKeys.push(demo.apiKey)
    const buyerKey = (demo as { buyerKey?: unknown }).buyerKey
    if (typeof buyerKey === 'string') demoKeys.push(buyerKey)
    return demo
  }

  try {
    let running: RunningHost | null = await launchHost({
      dataDir,
      port: 0,
      demo: options.demo ?? false,
      keychainService,
      startDemo
    })
    if (running.demoProblem)
      throw new Error(`The demo marketplace did not start: ${running.demoProblem}`)
    const { port, token, baseUrl, url } = running.server

    // Runs after the host has closed (its writes are done) and before the keychain and
    // the data folder are cleared (cleanups run in reverse).
    let leaks: string[] = []
    let pageText = ''
    const consoleLines: string[] = []
    cleanups.push(async () => {
      const { credentials } = await keychainCredentials(keychainService)
      const secrets = [
        ...new Set([...demoKeys, ...credentials.map((c) => savedKey(c.password) ?? '')])
      ]
      leaks = await leaksOf(secrets, dataDir, pageText, consoleLines)
    })
    cleanups.push(() => running?.close() ?? Promise.resolve())

    const browser = await workerBrowser(options.wholeBrowser ?? false)
    const context = await browser.newContext({
      colorScheme: options.colorScheme ?? 'light',
      viewport: options.viewport ?? { width: 1280, height: 800 },
      reducedMotion: options.motion ? 'no-preference' : 'reduce'
    })
    cleanups.push(() => context.close())
    // The trace keeps every Playwright call with its timing and error; a failure also saves
    // a real screenshot and prints the page's console. A DOM snapshot at every step
    // (SELLER_DESK_E2E_SNAPSHOTS=1, to re-run a failing test with) cost about a quarter
    // of the end-to-end files' CPU on a 2-core machine, a screencast a third more again.
    await context.tracing.start({ screenshots: false, snapshots: recordSnapshots })
    const page = await context.newPage()
    page.on('console', (m) => consoleLines.push(`[${m.type()}] ${m.text()}`))
    page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.message}`))

    const screenshot = async (name: string): Promise<string> => {
      const dir = join(resultsDir, 'screenshots')
      await mkdir(dir, { recursive: true })
      const file = join(dir, `${slug(name)}.png`)
      await page.screenshot({ path: file, fullPage: true })
      return file
    }

    let closed: Promise<void> | null = null
    const close = (opts: { failed?: boolean } = {}): Promise<void> =>
      (closed ??= (async () => {
        const failed = opts.failed ?? TestRunner.getCurrentTest()?.result?.state === 'fail'
        const name = slug(testName ?? `harness-${port}`)
        if (failed) {
          await screenshot(`${name}.failure`).catch(() => '')
          await mkdir(join(resultsDir, 'traces'), { recursive: true })
          await context.tracing
            .stop({ path: join(resultsDir, 'traces', `${name}.zip`) })
            .catch(() => {})
          if (consoleLines.length > 0)
            console.log(`[harness] page console for "${testName}":\n${consoleLines.join('\n')}`)
        } else {
          await context.tracing.stop().catch(() => {})
        }
        pageText = await page.content().catch(() => '')
        await cleanUp()
        if (leaks.length > 0) {
          throw new Error(`An API key leaked into ${leaks.join(', ')} (test "${testName}").`)
        }
      })())

    const host = {
      baseUrl,
      stop: async (): Promise<void> => {
        const current = running
        running = null
        await current?.close()
      },
      restart: async (): Promise<void> => {
        await host.stop()
        running = await launchHost({ dataDir, port, token, keychainService, startDemo })
      }
    }

    if (testName !== null)
      // A test that closed the harness itself has seen (and may expect) what close() threw.
      onTestFinished((ctx) =>
        closed ? undefined : close({ failed: ctx.task.result?.state === 'fail' })
      )

    await page.goto(url)
    return {
      page,
      context,
      url,
      token,
      dataDir,
      keychainService,
      host,
      consoleLines,
      screenshot,
      close
    }
  } catch (e) {
    await cleanUp()
    throw e
  }
}

/**
 * The harness on the built-in demo marketplace, with a handle on that marketplace: tests
 * read its sample codes and can make it misbehave.
 */
export async function startOnDemo(
  options: Omit<HarnessOptions, 'demo' | 'startDemo'> = {}
): Promise<{ h: Harness; market: DemoServer }> {
  let market: DemoServer | null = null
  const h = await startHarness({
    ...options,
    demo: true,
    startDemo: async () => {
      const demo = await builtInDemo()
      market = demo
      return demo
    }
  })
  if (!market) throw new Error('the demo marketplace was not started through startDemo')
  return { h, market }
}

export type Look = Pick<Required<HarnessOptions>, 'colorScheme' | 'viewport'>

/**
 * One harness for the tests of a describe block that only look: tests that change nothing
 * another one reads (no lookup, no setting saved). It starts once (beforeAll) and closes,
 * with its leak sweep, after the block; `open(look)` switches the page to a test's theme and
 * size and loads the app afresh, as a new harness would show it. A new host, context and
 * page per test cost about 1.3 s more CPU each on a 2-core machine. A failing test still
 * saves its own screenshot, and the block's trace is kept.
 */
export function harnessForLooks(options: Omit<HarnessOptions, keyof Look> = {}): {
  open(look: Look): Promise<Harness>
} {
  let shared: Harness | null = null
  let failed = false
  beforeAll(async () => {
    shared = await startHarness(options)
  })
  afterAll(() => shared?.close({ failed }))
  return {
    async open({ colorScheme, viewport }) {
      const h = shared
      if (!h) throw new Error('The harness for these looks did not start (see the error above).')
      const testName = currentTestName()
      onTestFailed(async () => {
        failed = true
        await h.screenshot(`${slug(testName ?? 'look')}.failure`).catch(() => '')
      })
      await h.page.emulateMedia({ colorScheme })
      await h.page.setViewportSize(viewport)
      await h.page.goto(h.url)
      return h
    }
  }
}
