import type { AppError } from '../../../../shared/errors'
import { hostOf } from '../../lib/host'

export type ConnectField = 'baseUrl' | 'apiKey' | null

export interface ConnectProblem {
  /** One sentence saying what happened, in the seller's terms. */
  text: string
  /** What main said, when it adds something (shown under the sentence). */
  detail: string | null
  /** The field to mark and focus. */
  field: ConnectField
  /** A way forward that resends the request differently. */
  fallback: 'allow-no-items' | 'session-only' | null
}

/** Turns an addConnection failure into copy that tells the seller what to do next. */
export function describeConnectError(error: AppError, baseUrl: string): ConnectProblem {
  const host = hostOf(baseUrl.trim()) || 'the marketplace'
  const detail = (text: string): string | null =>
    error.message && error.message !== text ? error.message : null
  const make = (
    text: string,
    field: ConnectField = null,
    fallback: ConnectProblem['fallback'] = null
  ): ConnectProblem => ({
    text,
    detail: detail(text),
    field,
    fallback
  })
  switch (error.kind) {
    case 'unauthorized':
      // Main's wording says the same thing; one sentence is enough.
      return {
        ...make(
          'The marketplace refused this key. Check that you copied all of it, or generate a new one.',
          'apiKey'
        ),
        detail: null
      }
    case 'not-a-seller':
      return {
        text: error.message || 'This key works, but the marketplace lists no items for it.',
        detail: 'If you sell only one item, or none yet, you can save the connection anyway.',
        field: null,
        fallback: 'allow-no-items'
      }
    case 'api-unavailable':
      return make(
        `${host} has the Seller API switched off. Ask the site’s administrator to enable it, then try again.`,
        'baseUrl'
      )
    case 'insecure-url':
      return make(
        'Use an https:// address. Plain http is only allowed for this computer (localhost).',
        'baseUrl'
      )
    case 'offline':
    case 'timeout':
      return make(`Can’t reach ${host}. Check the address and your internet connection.`, 'baseUrl')
    case 'keychain-unavailable':
      return {
        text: 'The system keychain is not available, so the key cannot be stored safely.',
        detail:
          'You can keep the key for this session only: you will enter it again next time Seller Desk starts.',
        field: null,
        fallback: 'session-only'
      }
    case 'invalid-input':
      return make(
        error.message || 'Check the marketplace URL and the key.',
        /key/i.test(error.message) ? 'apiKey' : 'baseUrl'
      )
    case 'blocked':
    case 'bad-response':
    case 'not-found':
      return make(
        `${host} doesn’t answer like a Seller API marketplace. Use the site’s home address, e.g. https://market.example.com.`,
        'baseUrl'
      )
    case 'rate-limited': {
      const s =
        error.retryAfterMs !== undefined ? Math.max(1, Math.ceil(error.retryAfterMs / 1000)) : null
      return make(
        `The marketplace asked us to slow down. Try again ${s ? `in ${s} s` : 'in a minute'}.`
      )
    }
    case 'server':
      return make(`${host} had a problem answering. Try again in a moment.`)
    default:
      return make(error.message || 'Something went wrong. Try again.')
  }
}
