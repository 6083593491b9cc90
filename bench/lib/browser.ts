import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { NotMeasurable } from './types'

// The same Chromium and flags as the end-to-end harness (test/e2e/harness.ts), which
// cannot be imported here: it needs a running vitest.
const CHROMIUM_PATH = process.env['SELLER_DESK_CHROMIUM'] || '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync'
]

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new NotMeasurable(`no Chromium at ${CHROMIUM_PATH} (set SELLER_DESK_CHROMIUM)`)
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

export interface OpenPage {
  page: Page
  context: BrowserContext
  close(): Promise<void>
}

/** A fresh browser context (no HTTP cache, no storage) per page, like a first launch. */
export async function openPage(browser: Browser, initScript?: string): Promise<OpenPage> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light'
  })
  if (initScript) await context.addInitScript({ content: initScript })
  const page = await context.newPage()
  return { page, context, close: () => context.close() }
}
