import type { Page } from 'playwright-core'
import { openPage, type OpenPage } from './browser'
import type { BenchContext } from './context'
import { FIRST_CARD_INIT, FIRST_CARD_RESULT } from './page-scripts'
import { startBenchHost, type BenchHost } from './host'

export interface AppPage {
  page: Page
  host: BenchHost
  close(): Promise<void>
}

/** The app in Chromium on the warm profile, Items view open with its first card painted. */
export async function openAppOnItems(ctx: BenchContext): Promise<AppPage> {
  const profile = await ctx.warmProfile()
  const browser = await ctx.browser()
  const host = await startBenchHost(profile.dataDir, profile.secretStore)
  let opened: OpenPage | null = null
  try {
    opened = await openPage(browser, FIRST_CARD_INIT)
    await opened.page.goto(host.server.url)
    await opened.page.evaluate(FIRST_CARD_RESULT)
  } catch (e) {
    await opened?.close()
    await host.close()
    throw e
  }
  const page = opened.page
  const close = opened.close
  return { page, host, close: () => close().finally(() => host.close()) }
}
