import { existsSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { CHROMIUM_PATH, launchChromium } from '../../test/support/chromium'
import { NotMeasurable } from './types'

/**
 * The end-to-end suite's Chromium and flags (test/support/chromium.ts). `browserUi` keeps
 * Chromium's own address-bar pages, which every new context loads beside the page measured:
 * `--browser-ui` measures as the bench did before 2026-11-26.
 */
export async function launchBrowser(options: { browserUi: boolean }): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new NotMeasurable(`no Chromium at ${CHROMIUM_PATH} (set SELLER_DESK_CHROMIUM)`)
  return launchChromium({ browserUi: options.browserUi })
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
