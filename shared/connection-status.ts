import type { ErrorKind } from './errors'

/**
 * The one connection status: what the app last learnt about the active marketplace, from
 * the answers main gave. Main keeps one for the tray, the page one for its headers, the
 * switcher and every view's notice; both fold the same answers through `observe`, and both
 * word it with `statusLine` / `statusSentence`, so no two places can disagree about the world.
 */
export type ConnectionState = 'unknown' | 'online' | 'offline' | 'refused' | 'locked' | 'trouble'

export interface ConnectionStatus {
  state: ConnectionState
  /** When the marketplace last answered with the key accepted. */
  lastOnlineAt: string | null
  /** When the problem shown began: the first failure of this run of failures. */
  since: string | null
  /** Main's sentence for the last failure, as sent (shown as detail, never as the headline). */
  message: string | null
  kind: ErrorKind | null
}

export const UNKNOWN_STATUS: ConnectionStatus = {
  state: 'unknown',
  lastOnlineAt: null,
  since: null,
  message: null,
  kind: null
}

/** What one answer said about the connection. */
export type Observation =
  | { outcome: 'online'; at: string }
  | { outcome: 'failed'; at: string; kind: ErrorKind; message: string }

/**
 * Which state a failure puts the connection in; null for failures that say nothing about it
 * (a code typed wrong, an item removed, a wait the marketplace asked for).
 */
export function stateOfFailure(kind: ErrorKind): ConnectionState | null {
  switch (kind) {
    case 'offline':
    case 'timeout':
      return 'offline'
    case 'unauthorized':
    case 'not-a-seller':
      return 'refused'
    case 'keychain-unavailable':
      return 'locked'
    case 'server':
    case 'api-unavailable':
    case 'blocked':
    case 'bad-response':
      return 'trouble'
    default:
      return null
  }
}

/** The status after one more answer. Pure: main and the page fold the same answers alike. */
export function observe(prev: ConnectionStatus, o: Observation): ConnectionStatus {
  if (o.outcome === 'online')
    return { state: 'online', lastOnlineAt: o.at, since: null, message: null, kind: null }
  const state = stateOfFailure(o.kind)
  if (state === null) return prev
  return {
    state,
    lastOnlineAt: prev.lastOnlineAt,
    since: prev.state === state && prev.since ? prev.since : o.at,
    message: o.message,
    kind: o.kind
  }
}

/** Channels whose answers come from (or failed to reach) the active marketplace. */
const MARKETPLACE_METHODS = [
  'getAccount',
  'listItems',
  'queryItems',
  'getItem',
  'validatePurchase',
  'startBulk',
  'getBulk',
  'retryBulk',
  'keepMediaOffline'
] as const
export type MarketplaceMethod = (typeof MARKETPLACE_METHODS)[number]

export function isMarketplaceMethod(method: string): method is MarketplaceMethod {
  return (MARKETPLACE_METHODS as readonly string[]).includes(method)
}

interface FreshnessLike {
  source: 'network' | 'cache'
  offline: boolean
  refreshError: string | null
  refreshErrorKind?: ErrorKind | null
}
interface BulkLike {
  results: readonly { status: string; errorKind: ErrorKind | null; message: string | null }[]
}

const hasFreshness = (d: unknown): d is { freshness: FreshnessLike } =>
  typeof d === 'object' && d !== null && 'freshness' in d
const isBulkJob = (d: unknown): d is BulkLike =>
  typeof d === 'object' && d !== null && 'results' in d && Array.isArray(d.results)

/**
 * What a marketplace channel's answer says: a network answer is online; a cached copy
 * handed back after a failed refresh carries the failure; a bulk job's failed rows say why
 * its codes were not checked. A plain cached read says nothing (null).
 */
export function observationOf(
  method: string,
  result: { ok: true; data: unknown } | { ok: false; error: { kind: ErrorKind; message: string } },
  at: string
): Observation | null {
  if (!isMarketplaceMethod(method)) return null
  if (!result.ok)
    return { outcome: 'failed', at, kind: result.error.kind, message: result.error.message }
  const data = result.data
  if (hasFreshness(data)) {
    const f = data.freshness
    if (f.source === 'network') return { outcome: 'online', at }
    const kind = f.refreshErrorKind ?? (f.offline ? 'offline' : null)
    return kind ? { outcome: 'failed', at, kind, message: f.refreshError ?? '' } : null
  }
  if (isBulkJob(data)) {
    const failed = data.results.find(
      (r) => r.status === 'error' && r.errorKind !== null && stateOfFailure(r.errorKind) !== null
    )
    if (failed?.errorKind)
      return { outcome: 'failed', at, kind: failed.errorKind, message: failed.message ?? '' }
    const answered = data.results.some((r) => r.status === 'valid' || r.status === 'not-valid')
    return answered ? { outcome: 'online', at } : null
  }
  return method === 'validatePurchase' ? { outcome: 'online', at } : null
}

/** Work in progress that the status line shows over "online": a refresh, a bulk check. */
export type Syncing = { done: number; total: number } | boolean

export interface StatusWordsOptions {
  /** The age of the data the view shows, when it shows saved data. */
  dataFrom?: string | null
  syncing?: Syncing
  /** "14:02", "12 Nov, 14:02": how this screen writes a time. */
  time: (iso: string) => string
  /** "2 minutes ago", "just now". */
  ago: (iso: string) => string
}

type StatusTone = 'ok' | 'warn' | 'danger' | 'neutral'

export interface StatusLine {
  /** What the line shows: a state, or syncing over an online (or not yet known) connection. */
  shown: ConnectionState | 'syncing'
  text: string
  /** The same in fewer words, for a narrow top bar. */
  short: string
  tone: StatusTone
}

const TONE: Record<ConnectionState | 'syncing', StatusTone> = {
  unknown: 'neutral',
  online: 'ok',
  syncing: 'neutral',
  offline: 'warn',
  refused: 'danger',
  locked: 'warn',
  trouble: 'warn'
}

const HEAD: Record<Exclude<ConnectionState, 'online' | 'unknown'>, string> = {
  offline: 'Offline',
  refused: 'Key refused',
  locked: 'Keychain locked',
  trouble: 'Marketplace error'
}

/** "Online · synced 2 minutes ago", "Offline since 14:02 · data from 12 Nov, 14:02", "Syncing · 3 of 12". */
export function statusLine(status: ConnectionStatus, o: StatusWordsOptions): StatusLine {
  const line = (shown: StatusLine['shown'], text: string, short = text): StatusLine => ({
    shown,
    text,
    short,
    tone: TONE[shown]
  })
  const data = o.dataFrom ? ` · data from ${o.time(o.dataFrom)}` : ''
  if (o.syncing && (status.state === 'online' || status.state === 'unknown')) {
    const progress =
      typeof o.syncing === 'object' ? ` · ${o.syncing.done} of ${o.syncing.total}` : '…'
    return line('syncing', `Syncing${progress}`)
  }
  switch (status.state) {
    case 'online': {
      const synced = o.ago(o.dataFrom ?? status.lastOnlineAt ?? new Date().toISOString())
      return line('online', `Online · synced ${synced}`, `Synced ${synced}`)
    }
    case 'unknown':
      return line(
        'unknown',
        o.dataFrom ? `Saved data from ${o.time(o.dataFrom)}` : 'Not synced yet'
      )
    case 'offline': {
      const since = status.since ? ` since ${o.time(status.since)}` : ''
      return line('offline', `Offline${since}${data}`, `Offline${since}`)
    }
    default:
      return line(status.state, `${HEAD[status.state]}${data}`, HEAD[status.state])
  }
}

/**
 * The reason and the one step, in one sentence, for every view's notice, the Validate
 * and lookup windows' "Not checked", and the tray; null while online.
 */
export function statusSentence(
  status: Pick<ConnectionStatus, 'state' | 'since' | 'kind'>,
  /** The marketplace's host; null when not known (the sentence says "the marketplace"). */
  host: string | null,
  time: (iso: string) => string
): string | null {
  const at = host ?? 'the marketplace'
  const Who = host ?? 'The marketplace'
  switch (status.state) {
    case 'offline':
      return `Can’t reach ${at}${status.since ? ` since ${time(status.since)}` : ''}: check your internet connection, then try again.`
    case 'refused':
      return status.kind === 'not-a-seller'
        ? `${Who} says this key’s account sells nothing: replace the key in Settings with the seller’s.`
        : `${Who} refused the API key: replace the key in Settings.`
    case 'locked':
      return 'The system keychain is locked, so the key can’t be read: unlock it, then try again.'
    case 'trouble':
      return status.kind === 'api-unavailable'
        ? `The Seller API is switched off on ${at}: ask the site’s administrator to turn it on.`
        : `${Who} had a problem answering: try again in a moment.`
    default:
      return null
  }
}
