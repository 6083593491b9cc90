/**
 * Answers can arrive out of order (Refresh pressed twice, typing, a connection switch):
 * only the latest request may write. A store keeps one of these per kind of request
 * and asks, once the answer is in, whether its request is still the latest.
 */
export interface LatestRequest {
  /** A new request, superseding every earlier one: the check stays true until the next. */
  start(): () => boolean
  /** The request under way, not superseded: the check stays true until the next start. */
  current(): () => boolean
  /** Supersedes every request so far without starting one (a reset, a connection switch). */
  drop(): void
}

export function latestRequest(): LatestRequest {
  let n = 0
  const checkFor = (mine: number) => (): boolean => mine === n
  return {
    start: () => checkFor(++n),
    current: () => checkFor(n),
    drop: () => {
      n++
    }
  }
}
