import { createPacer, type Pacer, type PacerOptions } from './pacer'

const registry = new Map<string, Pacer>()

/**
 * One pacer per marketplace origin, shared by every client of that origin in this
 * process (the server counts per client IP, so two connections to one site share a
 * budget). Options apply only when the origin is first seen.
 */
export function getPacer(origin: string, options?: PacerOptions): Pacer {
  let key: string
  try {
    key = new URL(origin).origin
  } catch {
    key = origin
  }
  let pacer = registry.get(key)
  if (!pacer) {
    pacer = createPacer(options)
    registry.set(key, pacer)
  }
  return pacer
}
