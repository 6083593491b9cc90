import { z } from 'zod'
import { ERROR_KINDS } from './error-kinds'

/** Every way a call can fail, as the renderer sees it. One list for client, handlers and UI. */
export const ErrorKindSchema = z.enum(ERROR_KINDS)
export type ErrorKind = z.infer<typeof ErrorKindSchema>

/** A failure as both transports carry it: a kind, one sentence, and when to retry if known. */
export interface AppError {
  kind: ErrorKind
  message: string
  retryAfterMs?: number | undefined
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: AppError }
