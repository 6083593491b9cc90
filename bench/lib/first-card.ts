import type { Browser } from 'playwright-core'
import { z } from 'zod'
import { openPage } from './browser'
import { FIRST_CARD_INIT, FIRST_CARD_RESULT } from './page-scripts'
import { REFRESH_WAIT_MS } from './refresh-over'

const FirstCard = z.object({
  timeOrigin: z.number(),
  clicked: z.number().nullable(),
  firstCard: z.number()
})
export type FirstCard = z.infer<typeof FirstCard>

/**
 * A measured start: the app must have opened on Items by itself, as it does for a seller
 * who left it there (the unmeasured warm-up load opened Items, and main remembered it).
 */
export function openedOnItems(card: FirstCard): FirstCard {
  if (card.clicked !== null)
    throw new Error('the app did not open on Items, the view the seller left it on')
  return card
}

/**
 * Opens the app in a fresh browser context and waits until the Items view has painted
 * its first card. Times are the page's: ms since navigation start (timeOrigin is epoch ms).
 */
export async function loadToFirstCard(
  browser: Browser,
  url: string,
  timeoutMs = 60_000
): Promise<FirstCard> {
  const p = await openPage(browser, FIRST_CARD_INIT)
  try {
    await p.page.goto(url)
    const painted = p.page.evaluate(FIRST_CARD_RESULT)
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no item card within ${timeoutMs / 1000} s`)),
        timeoutMs
      )
    })
    let result: FirstCard
    try {
      result = FirstCard.parse(await Promise.race([painted, late]))
    } finally {
      clearTimeout(timer)
    }
    // Let the view's background refresh finish (untimed), so it does not spill into the next run.
    await p.page.waitForLoadState('networkidle', { timeout: REFRESH_WAIT_MS }).catch(() => {})
    return result
  } finally {
    await p.close()
  }
}
