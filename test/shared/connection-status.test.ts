import { describe, expect, it } from 'vitest'
import type { ErrorKind } from '../../shared/errors'
import {
  UNKNOWN_STATUS,
  observationOf,
  observe,
  statusLine,
  statusSentence,
  type ConnectionStatus,
  type Observation
} from '../../shared/connection-status'

const time = (iso: string): string => iso.slice(11, 16)
const ago = (): string => '2 minutes ago'
const fold = (...os: Observation[]): ConnectionStatus => os.reduce(observe, UNKNOWN_STATUS)
const failed = (at: string, kind: ErrorKind): Observation => ({
  outcome: 'failed',
  at,
  kind,
  message: `${kind} happened`
})

describe('the one connection status', () => {
  it('is offline since the first failure of a run, and online again at the next answer', () => {
    const s = fold(
      { outcome: 'online', at: '2026-11-27T13:00:00Z' },
      failed('2026-11-27T14:02:00Z', 'offline'),
      failed('2026-11-27T14:07:00Z', 'timeout')
    )
    expect(s).toMatchObject({ state: 'offline', since: '2026-11-27T14:02:00Z', kind: 'timeout' })
    expect(statusLine(s, { time, ago, dataFrom: '2026-11-27T12:00:00Z' }).text).toBe(
      'Offline since 14:02 · data from 12:00'
    )
    expect(observe(s, { outcome: 'online', at: '2026-11-27T14:09:00Z' }).state).toBe('online')
  })

  it('never reads online beside a refused key, and ignores failures that say nothing of the connection', () => {
    const s = fold(
      { outcome: 'online', at: '2026-11-27T13:00:00Z' },
      failed('2026-11-27T13:01:00Z', 'unauthorized'),
      failed('2026-11-27T13:02:00Z', 'not-found'),
      failed('2026-11-27T13:03:00Z', 'rate-limited')
    )
    expect(s.state).toBe('refused')
    const line = statusLine(s, { time, ago, dataFrom: '2026-11-27T12:58:00Z' })
    expect(line).toMatchObject({ shown: 'refused', tone: 'danger', short: 'Key refused' })
    expect(statusSentence(s, 'market.test', time)).toBe(
      'market.test refused the API key: replace the key in Settings.'
    )
  })

  it('says the keychain is locked, and shows syncing only over a connection that works', () => {
    const locked = fold(failed('2026-11-27T13:00:00Z', 'keychain-unavailable'))
    expect(statusLine(locked, { time, ago, syncing: true }).text).toBe('Keychain locked')
    const online = fold({ outcome: 'online', at: '2026-11-27T13:00:00Z' })
    expect(statusLine(online, { time, ago, syncing: { done: 3, total: 12 } }).text).toBe(
      'Syncing · 3 of 12'
    )
    expect(statusLine(online, { time, ago }).text).toBe('Online · synced 2 minutes ago')
  })

  it('reads answers: a network answer, a cached copy after a failure, a plain cached read, a bulk job', () => {
    const at = '2026-11-27T13:00:00Z'
    const fresh = (source: 'network' | 'cache', kind: 'offline' | null = null) => ({
      ok: true as const,
      data: {
        data: {},
        freshness: {
          fetchedAt: at,
          source,
          offline: kind === 'offline',
          refreshError: kind ? 'x' : null,
          refreshErrorKind: kind
        }
      }
    })
    expect(observationOf('getAccount', fresh('network'), at)?.outcome).toBe('online')
    expect(observationOf('listItems', fresh('cache', 'offline'), at)).toMatchObject({
      outcome: 'failed',
      kind: 'offline'
    })
    expect(observationOf('getAccount', fresh('cache'), at)).toBeNull()
    expect(observationOf('listHistory', fresh('network'), at)).toBeNull()
    const row = (status: string, errorKind: 'offline' | null = null) => ({
      status,
      errorKind,
      message: errorKind ? 'Can’t reach it' : null
    })
    const job = (...results: ReturnType<typeof row>[]) => ({ ok: true as const, data: { results } })
    expect(observationOf('getBulk', job(row('valid'), row('error', 'offline')), at)).toMatchObject({
      kind: 'offline'
    })
    expect(observationOf('getBulk', job(row('valid'), row('pending')), at)?.outcome).toBe('online')
    expect(
      observationOf(
        'validatePurchase',
        { ok: false, error: { kind: 'unauthorized', message: 'm' } },
        at
      )
    ).toMatchObject({ kind: 'unauthorized' })
  })
})
