import type { Result } from '../../shared/errors'

/** The data of a handler's Result; a failure throws with its kind and message. */
export function data<T>(result: Result<unknown>): T {
  if (!result.ok)
    throw new Error(`expected success, got ${result.error.kind}: ${result.error.message}`)
  return result.data as T
}

/** Asks `probe` every 50 ms until it answers something other than null. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null>,
  tries = 200
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe()
    if (value !== null) return value
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`gave up waiting for ${what}`)
}
