import type { Page } from 'playwright-core'

// What the Validate, verdict, quick-lookup, design and axe walks all reach for.

export const codeField = (page: Page) => page.getByLabel('Purchase code', { exact: true })
export const verdictCard = (page: Page) => page.locator('article[aria-labelledby="verdict-word"]')

/** From the Account screen (the app opens there) to Validate, by its shortcut. */
export async function openValidate(page: Page): Promise<void> {
  await page.getByTestId('balance').waitFor()
  await page.keyboard.press('Control+K')
  await page.getByRole('heading', { name: 'Validate', level: 1 }).waitFor()
}

/** What the clipboard hands the page on a real paste: a ClipboardEvent carrying text/plain. */
export async function paste(page: Page, text: string): Promise<void> {
  await codeField(page).focus()
  // Through the element's own window: these tests compile without the DOM library.
  await codeField(page).evaluate((el, t) => {
    const win = el.ownerDocument.defaultView
    const data = new win.DataTransfer()
    data.setData('text/plain', t)
    el.dispatchEvent(
      new win.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
    )
  }, text)
}
