import type { SellerDeskApp } from '../main/app'

/**
 * When the app will open on Items (the view the seller left it on), its opening window is
 * answered while the browser loads the page (from the copy kept beside the list, or by
 * reading the list when there is none): the page's own question then finds the code warm
 * and the file read, or shares the read under way. Nothing is asked of the marketplace,
 * and a failure here only leaves the page to ask as it would have.
 */
export async function warmFirstScreen(app: Pick<SellerDeskApp, 'handlers'>): Promise<void> {
  try {
    await app.handlers.openingWindow(undefined)
  } catch {
    // The page asks again and shows whatever went wrong.
  }
}
