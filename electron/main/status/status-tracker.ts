import type { AppError } from '../../../shared/errors'
import {
  UNKNOWN_STATUS,
  isMarketplaceMethod,
  observationOf,
  observe,
  type ConnectionStatus
} from '../../../shared/connection-status'
import type { Method } from '../../../shared/ipc/contract'
import type { Handlers } from '../ipc/dispatch'
import { isKindedError } from '../ipc/failure'

/**
 * Main's copy of the one connection status (shared/connection-status.ts), folded from every
 * window's answers, for what main shows itself: the tray. The page folds the same answers.
 */
export interface StatusTracker {
  current(): ConnectionStatus
  /** Called after each change. */
  onChange(listener: () => void): void
}

/** Channels after which the status belongs to another connection, or none. */
const RESETS: readonly Method[] = [
  'setActiveConnection',
  'addConnection',
  'removeConnection',
  'startDemo'
]

function failureOf(e: unknown): Pick<AppError, 'kind' | 'message'> {
  return isKindedError(e)
    ? { kind: e.kind, message: e.message }
    : { kind: 'internal', message: 'Something went wrong.' }
}

/** The same handlers, each marketplace channel's answer (or failure) folded into the status. */
export function withStatusTracking(
  handlers: Handlers,
  now: () => Date = () => new Date()
): { handlers: Handlers; tracker: StatusTracker } {
  let status = UNKNOWN_STATUS
  const listeners = new Set<() => void>()
  const set = (next: ConnectionStatus): void => {
    if (next === status) return
    status = next
    for (const l of listeners) l()
  }
  const wrapped: Record<string, unknown> = { ...handlers }
  for (const method of Object.keys(handlers) as Method[]) {
    const original = handlers[method] as (request: unknown) => Promise<unknown>
    if (RESETS.includes(method)) {
      wrapped[method] = async (request: unknown) => {
        const answer = await original(request)
        set(UNKNOWN_STATUS)
        return answer
      }
    } else if (isMarketplaceMethod(method)) {
      wrapped[method] = async (request: unknown) => {
        const at = now().toISOString()
        try {
          const data = await original(request)
          const o = observationOf(method, { ok: true, data }, at)
          if (o) set(observe(status, o))
          return data
        } catch (e) {
          const o = observationOf(method, { ok: false, error: failureOf(e) }, at)
          if (o) set(observe(status, o))
          throw e
        }
      }
    }
  }
  return {
    handlers: wrapped as Handlers,
    tracker: {
      current: () => status,
      onChange: (listener) => void listeners.add(listener)
    }
  }
}
