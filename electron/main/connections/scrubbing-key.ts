import { AppFailure, isKindedError } from '../ipc/failure'
import { scrubKey, scrubKeyDeepSliced } from '../marketplace/scrub'
import { refreshSlices } from '../util/time-slices'

/**
 * Runs a call made with an API key and makes sure nothing leaving it mentions the key (or
 * a run of 8 or more of its characters, in any spelling): not an error, whatever the lower
 * layers put in their messages, and not an answer, whatever the marketplace echoed into it.
 * Everything main caches, records, exports or sends to the page comes through here.
 */
export async function scrubbingKey<T>(
  apiKey: string,
  run: () => Promise<T>,
  /** A cancelled refresh stops scrubbing at the next slice (refreshSlices). */
  signal?: AbortSignal
): Promise<T> {
  let result: T
  try {
    result = await run()
  } catch (e) {
    // Pieces of the key count too: an error may quote a raw value cut short.
    const message = e instanceof Error ? scrubKey(e.message, apiKey) : ''
    if (e instanceof Error && message !== e.message) {
      if (isKindedError(e)) throw new AppFailure(e.kind, message, e.retryAfterMs)
      throw new Error(message)
    }
    throw e
  }
  // In time slices: a whole catalogue's strings are a second of work at 100,000 items.
  return scrubKeyDeepSliced(result, apiKey, refreshSlices(signal))
}
