import type { AppError, ErrorKind } from '../../../shared/errors'

/** One short heading and the next step for every kind of failure the renderer can see. */
const COPY: Record<ErrorKind, { heading: string; next: string }> = {
  'invalid-input': {
    heading: 'Check what you entered',
    next: 'Correct the highlighted value and try again.'
  },
  'insecure-url': {
    heading: 'This address is not secure',
    next: 'Use an https:// address for the marketplace.'
  },
  unauthorized: {
    heading: 'The marketplace refused the key',
    next: 'Replace the key in Settings with a current one.'
  },
  'not-a-seller': {
    heading: 'This account is not a seller',
    next: 'Use the key of the account that sells the items.'
  },
  'not-found': { heading: 'Not found', next: 'It may have been removed from the marketplace.' },
  'rate-limited': {
    heading: 'Too many requests',
    next: 'The marketplace asked us to slow down. Try again shortly.'
  },
  'api-unavailable': {
    heading: 'The Seller API is switched off',
    next: 'Ask the site administrator to enable the API.'
  },
  blocked: {
    heading: 'The marketplace blocked the request',
    next: 'Check the marketplace URL, then try again.'
  },
  server: {
    heading: 'The marketplace had a problem',
    next: 'This is on the site’s side. Try again in a moment.'
  },
  'bad-response': {
    heading: 'Unexpected answer from the marketplace',
    next: 'Check the marketplace URL, then try again.'
  },
  timeout: {
    heading: 'The marketplace took too long',
    next: 'Check your connection and try again.'
  },
  offline: {
    heading: 'Can’t reach the marketplace',
    next: 'Check your internet connection and try again.'
  },
  aborted: { heading: 'Cancelled', next: 'Try again when you are ready.' },
  'keychain-unavailable': {
    heading: 'The system keychain is not available',
    next: 'Unlock or start your keychain, then try again.'
  },
  'no-connection': { heading: 'No marketplace connected', next: 'Add a connection in Settings.' },
  internal: {
    heading: 'Something went wrong',
    next: 'Try again. If it keeps happening, restart Seller Desk.'
  }
}

export function errorHeading(kind: ErrorKind): string {
  return COPY[kind].heading
}

export function errorNextStep(error: AppError): string {
  if (error.kind === 'rate-limited' && error.retryAfterMs !== undefined) {
    const s = Math.max(1, Math.ceil(error.retryAfterMs / 1000))
    return `The marketplace asked us to wait ${s} second${s === 1 ? '' : 's'}.`
  }
  return COPY[error.kind].next
}
