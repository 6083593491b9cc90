import { z } from 'zod'

/** Every way a call can fail, as the renderer sees it. One list for client, handlers and UI. */
export const ErrorKindSchema = z.enum([
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
])
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
