import { z } from 'zod'
import { ERROR_KINDS } from './error-kinds'

/** Every way a call can fail, as the renderer sees it. One list for client, handlers and UI. */
export const ErrorKindSchema = z.enum(ERROR_KINDS)
export type ErrorKind = z.infer<typeof ErrorKindSchema>

export const AppErrorSchema = z.object({
  kind: ErrorKindSchema,
  message: z.string(),
  retryAfterMs: z.number().optional()
})
export type AppError = z.infer<typeof AppErrorSchema>

export type Result<T> = { ok: true; data: T } | { ok: false; error: AppError }

export function ok<T>(data: T): Result<T> {
  return { ok: true, data }
}

export function fail<T = never>(
  kind: ErrorKind,
  message: string,
  retryAfterMs?: number
): Result<T> {
  return retryAfterMs === undefined
    ? { ok: false, error: { kind, message } }
    : { ok: false, error: { kind, message, retryAfterMs } }
}
