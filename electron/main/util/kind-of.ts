import type { ErrorKind } from '../../../shared/errors'
import { isKindedError } from '../ipc/failure'

/** The kind of a kinded error (AppFailure, MarketplaceError); null for anything else. */
export function kindOf(e: unknown): ErrorKind | null {
  return isKindedError(e) ? e.kind : null
}
