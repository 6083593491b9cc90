import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** A fresh per-launch secret: 32 random bytes, base64url (43 characters, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * The token media addresses carry, made from the launch's token: it opens /media only, and
 * the launch's token cannot be worked back from it. Derived, so a restart that keeps the
 * launch's token keeps the page's media addresses working too.
 */
export function mediaTokenOf(token: string): string {
  return createHmac('sha256', token).update('seller-desk media').digest('base64url')
}

/**
 * Constant-time comparison. Both sides are hashed first so their lengths always match
 * and the time taken says nothing about how much of a guess was right.
 */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 512) return false
  const a = createHash('sha256').update(expected).digest()
  const b = createHash('sha256').update(given).digest()
  return timingSafeEqual(a, b)
}

/** The token from an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(header.trim())
  return match ? match[1]! : null
}
