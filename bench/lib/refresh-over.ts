import type { Page } from 'playwright-core'

/** A status line while a refresh is under way: the sidebar's and, on Items, its header's. */
export const SYNCING = '[data-state="syncing"]'

/**
 * How long a launch's refresh may take before the bench stops waiting for it: about 2 s at
 * 10,000 items here, 20–60 s at 100,000 on the shared 2-core machine. Playwright's default
 * (30 s) cut the wait short at 100,000 items, so a refresh ran on into the next run.
 */
export const REFRESH_WAIT_MS = 180_000

/** Resolves once no status line says syncing (both can at once: wait for every one to go). */
export async function refreshOver(page: Page, timeoutMs = REFRESH_WAIT_MS): Promise<void> {
  await page.locator(SYNCING).first().waitFor({ state: 'detached', timeout: timeoutMs })
}
