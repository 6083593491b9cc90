import type { AppError, ErrorKind } from '../../../shared/errors'

/**
 * A failure a handler or service raises on purpose: its message is written for the
 * seller and is safe to show. Anything else thrown is a bug and reaches the renderer
 * only as a generic sentence.
 */
export class AppFailure extends Error {
  readonly kind: ErrorKind
  readonly retryAfterMs: number | undefined

  constructor(kind: ErrorKind, message: string, retryAfterMs?: number) {
    super(message)
    this.name = 'AppFailure'
    this.kind = kind
    this.retryAfterMs = retryAfterMs
  }

  toAppError(): AppError {
    return this.retryAfterMs === undefined
      ? { kind: this.kind, message: this.message }
      : { kind: this.kind, message: this.message, retryAfterMs: this.retryAfterMs }
  }
}

/** Anything with a known kind and a seller-facing message (MarketplaceError included). */
export function isKindedError(
  e: unknown
): e is { kind: ErrorKind; message: string; retryAfterMs?: number } {
  return (
    e instanceof Error &&
    typeof (e as { kind?: unknown }).kind === 'string' &&
    typeof e.message === 'string'
  )
}
