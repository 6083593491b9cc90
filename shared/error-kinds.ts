/**
 * Every way a call can fail, as the renderer sees it, as a plain list: the renderer checks
 * answers against it with a plain guard (transport/http-transport.ts), main with zod (errors.ts).
 */
export const ERROR_KINDS = [
  'invalid-input',
  'insecure-url',
  'unauthorized',
  'not-a-seller',
  'not-found',
  'rate-limited',
  'api-unavailable',
  'blocked',
  'server',
  'bad-response',
  'timeout',
  'offline',
  'aborted',
  'keychain-unavailable',
  'no-connection',
  'internal'
] as const
