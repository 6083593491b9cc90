import { ErrorKindSchema, type Result } from '../../../shared/errors'
import {
  contract,
  type Method,
  type ParsedRequestOf,
  type ResponseOf
} from '../../../shared/ipc/contract'
import { foregroundRequest } from '../util/time-slices'
import { isKindedError } from './failure'

/** One handler per contract method; requests arrive already validated. */
export type Handlers = { [M in Method]: (request: ParsedRequestOf<M>) => Promise<ResponseOf<M>> }

export interface DispatchLog {
  error(message: string, detail?: unknown): void
}

/** Requests the seller waits on: background loops hold back while they come (time-slices.ts). */
const FOREGROUND: ReadonlySet<Method> = new Set<Method>([
  'queryItems',
  'openingWindow',
  'getItem',
  'validatePurchase'
])

function isMethod(name: string): name is Method {
  return Object.prototype.hasOwnProperty.call(contract, name)
}

/**
 * The single entry point both transports use: looks up the method, validates the request
 * with the contract's schema, runs the handler and folds every outcome into a Result.
 * It never throws, so a hostile or broken renderer cannot crash main.
 */
export async function dispatch(
  handlers: Handlers,
  method: string,
  rawRequest: unknown,
  log: DispatchLog = console
): Promise<Result<unknown>> {
  if (!isMethod(method)) {
    return {
      ok: false,
      error: { kind: 'invalid-input', message: `Unknown request "${method.slice(0, 60)}".` }
    }
  }
  // A request that asks the marketplace afresh (the Items refresh) waits on the very
  // background work that holds back for the seller (the list's download, scan and parse):
  // it neither holds it nor counts as the seller's. Marked, it held its own download for
  // the 200 ms quiet that follows a seller's request.
  const answered = FOREGROUND.has(method) && !asksAfresh(rawRequest) ? foregroundRequest() : null
  try {
    return await dispatchParsed(handlers, method, rawRequest, log)
  } finally {
    answered?.()
  }
}

function asksAfresh(request: unknown): boolean {
  return (
    typeof request === 'object' &&
    request !== null &&
    'refresh' in request &&
    request.refresh === true
  )
}

async function dispatchParsed(
  handlers: Handlers,
  method: Method,
  rawRequest: unknown,
  log: DispatchLog
): Promise<Result<unknown>> {
  const parsed = contract[method].request.safeParse(rawRequest)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
    return {
      ok: false,
      error: {
        kind: 'invalid-input',
        message: `The request was not valid (${where}${issue?.message ?? 'invalid'}).`
      }
    }
  }
  try {
    const handler = handlers[method] as (request: unknown) => Promise<unknown>
    return { ok: true, data: await handler(parsed.data) }
  } catch (e) {
    if (isKindedError(e) && ErrorKindSchema.safeParse(e.kind).success) {
      const error = { kind: e.kind, message: e.message }
      return {
        ok: false,
        error:
          typeof e.retryAfterMs === 'number' ? { ...error, retryAfterMs: e.retryAfterMs } : error
      }
    }
    log.error(`[dispatch] ${method} failed`, e instanceof Error ? e.message : String(e))
    return {
      ok: false,
      error: {
        kind: 'internal',
        message:
          'Something went wrong inside Seller Desk. Try again; if it keeps happening, restart the app.'
      }
    }
  }
}
