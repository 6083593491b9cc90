import type { Page } from 'playwright-core'
import { builtInDemo } from '../../electron/main/app'
import type { DemoServer, DemoServerOptions } from '../../electron/demo'
import type { PageImg, PG } from './page-globals'

/** The built-in demo (paced as the app paces it) with a handle the test can read data from. */
export function demoWithHandle(options: DemoServerOptions = {}): {
  startDemo: () => Promise<DemoServer>
  market: () => DemoServer
} {
  let market: DemoServer | null = null
  return {
    startDemo: async () => (market = await builtInDemo(options)),
    market: () => {
      if (!market) throw new Error('The demo has not started yet')
      return market
    }
  }
}

export async function openItems(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  await page.keyboard.press('Control+2')
  await page.getByRole('list', { name: 'Items' }).waitFor()
}

/** Names of the cards (or rows) in the DOM, in list order. */
export async function renderedNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Items' })
    .locator('[id^="item-card-name-"], [id^="item-row-name-"]')
    .allTextContents()
}

/** Every <img> inside `selector` finished loading with real pixels. */
export async function imagesLoaded(page: Page, selector: string): Promise<number> {
  const handle = await page.waitForFunction((sel) => {
    const imgs = [...(globalThis as unknown as PG).document.querySelectorAll<PageImg>(`${sel} img`)]
    if (imgs.length === 0 || imgs.some((i) => !i.complete)) return false
    return imgs.every((i) => i.naturalWidth > 0) ? imgs.length : -1
  }, selector)
  return (await handle.jsonValue()) as number
}

/** Searches Items for a name and opens that item's page. */
export async function openItemNamed(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+2')
  await page.getByRole('searchbox', { name: 'Search items' }).fill(name)
  // A card is named by all it shows, its name first.
  await page
    .getByRole('list', { name: 'Items' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) })
    .getByRole('button')
    .click()
  await page.getByRole('heading', { name, level: 1 }).waitFor()
}
