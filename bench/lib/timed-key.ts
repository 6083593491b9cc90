import { z } from 'zod'
import { armKeyTimer, KEY_TIMER_RESULT } from './page-scripts'

const KeyTiming = z.union([z.object({ ms: z.number() }), z.object({ timeout: z.literal(true) })])

/** What of a Playwright page a timed key uses. */
export interface KeyPage {
  evaluate(expression: string): Promise<unknown>
  keyboard: { press(key: string): Promise<void> }
}

/**
 * One keystroke timed in the page by armKeyTimer: milliseconds from the key's event to the
 * frame after `done` held, or null when nothing changed within `timeoutMs`.
 *
 * The call that collects the result is sent before the key is pressed. Sent after it, its
 * set-up (Playwright captures a stack trace for every call, source-mapped under tsx) ran
 * while the key was being timed, in the bench's process, whose thread and heap the host
 * under test shares in P2 and P3: the bench's work was timed as the app's.
 */
export async function timedKey(
  page: KeyPage,
  key: string,
  probe: string,
  done: string,
  timeoutMs: number
): Promise<number | null> {
  await page.evaluate(armKeyTimer(key, probe, done, timeoutMs))
  const result = page.evaluate(KEY_TIMER_RESULT)
  // Marked handled at once: when the key cannot be sent nobody awaits it, and the page may
  // already be gone. Awaiting it below still throws what it throws.
  result.catch(() => {})
  await page.keyboard.press(key)
  const r = KeyTiming.parse(await result)
  return 'timeout' in r ? null : r.ms
}
