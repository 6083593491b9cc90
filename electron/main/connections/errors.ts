import { AppFailure, isKindedError } from '../ipc/failure'
import { scrubKey } from '../marketplace'

/**
 * Runs a call made with an API key and makes sure no error leaving it mentions the key
 * (or a run of 8 or more of its characters), whatever the lower layers put in their messages.
 */
export async function scrubbingKey<T>(apiKey: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (e) {
    // Pieces of the key count too: an error may quote a raw value cut short.
    const message = e instanceof Error ? scrubKey(e.message, apiKey) : ''
    if (e instanceof Error && message !== e.message) {
      if (isKindedError(e)) throw new AppFailure(e.kind, message, e.retryAfterMs)
      throw new Error(message)
    }
    throw e
  }
}

export function kindOf(e: unknown): string | null {
  return isKindedError(e) ? e.kind : null
}
