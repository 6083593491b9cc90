import type { AppError } from '../../../../shared/errors'
import { hostOf } from '../../lib/host'

type ConnectField = 'baseUrl' | 'apiKey' | null

export interface ConnectProblem {
  /** What happened and the one next step, in the seller's terms. */
  text: string
  /** What a fallback button below would do (never the same advice as `text`). */
  detail: string | null
  /** A warning offers a way on (the key works); an error needs the seller to fix something. */
  tone: 'error' | 'warning'
  /** The field to mark and focus. */
  field: ConnectField
  /** A way forward that resends the request differently. */
  fallback: 'allow-no-items' | 'session-only' | null
}

/**
 * Turns an addConnection failure into one message: what happened and one next step. Where
 * this copy says it, main's own sentence (which gives much the same advice) is not shown
 * too; where main knows more (an HTTP status, a redirect), its sentence is the message.
 */
export function describeConnectError(error: AppError, baseUrl: string): ConnectProblem {
  const host = hostOf(baseUrl.trim()) || 'the marketplace'
  const make = (
    text: string,
    field: ConnectField = null,
    fallback: ConnectProblem['fallback'] = null
  ): ConnectProblem => ({ text, detail: null, tone: 'error', field, fallback })
  /** Main's sentence when it has one: it names what the site did. */
  const mains = (fallbackText: string, field: ConnectField = null): ConnectProblem =>
    make(error.message || fallbackText, field)
  switch (error.kind) {
    case 'unauthorized':
      return make(
        'The marketplace refused this key. Check that you copied all of it, or generate a new one.',
        'apiKey'
      )
    case 'not-a-seller':
      // Main's sentence names the account and already points to Save anyway.
      return {
        text:
          error.message ||
          'This key works, but the marketplace lists no items for it. If your shop has one item or none yet, choose Save anyway.',
        detail: null,
        tone: 'warning',
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
        tone: 'warning',
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
      return mains(
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
      return mains(`${host} had a problem answering. Try again in a moment.`)
    default:
      return make(error.message || 'Something went wrong. Try again.')
  }
}
