import { AppFailure, isKindedError } from '../ipc/failure'

/**
 * Runs a call made with an API key and makes sure no error leaving it mentions the key,
 * whatever the lower layers put in their messages.
 */
export async function scrubbingKey<T>(apiKey: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (e) {
    if (e instanceof Error && apiKey !== '' && e.message.includes(apiKey)) {
      const message = e.message.split(apiKey).join('[API key]')
      if (isKindedError(e)) throw new AppFailure(e.kind, message, e.retryAfterMs)
      throw new Error(message)
    }
    throw e
  }
}

export function kindOf(e: unknown): string | null {
  return isKindedError(e) ? e.kind : null
}
