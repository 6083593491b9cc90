import { appendFile, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BalanceLog } from '../../../electron/main/balance/balance-log'
import { MAX_POINTS, seriesOf } from '../../../electron/main/balance/series'
import { FakeShop, MINUTE, watchHarness } from './watch-harness'

let dataDir: string
let warnings: string[]
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-balance-log-'))
  warnings = []
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const open = () => new BalanceLog({ dataDir, log: { warn: (m) => warnings.push(m) } })
const file = join('balance', 'a.jsonl')
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h)
const usd = (date: Date, cents: number) => ({ at: date, cents, currency: 'USD' })

describe('balance log', () => {
  it('keeps the first reading, each change and one reading a day, and nothing else', async () => {
    const log = open()
    expect((await log.record('a', usd(at(2026, 11, 1, 9), 100))).kept?.why).toBe('first')
    expect((await log.record('a', usd(at(2026, 11, 1, 10), 100))).kept).toBeNull()
    expect((await log.record('a', usd(at(2026, 11, 1, 11), 150))).kept?.why).toBe('change')
    expect((await log.record('a', usd(at(2026, 11, 1, 23), 150))).kept).toBeNull()
    expect((await log.record('a', usd(at(2026, 11, 2, 0), 150))).kept?.why).toBe('daily')
    expect((await log.record('a', usd(at(2026, 11, 2, 8), 150))).kept).toBeNull()
    const again = open()
    expect((await again.records('a')).map((r) => [r.cents, r.why])).toEqual([
      [100, 'first'],
      [150, 'change'],
      [150, 'daily']
    ])
  })

  it('skips a line torn by a crash and keeps lines of a newer format as they are', async () => {
    const log = open()
    await log.record('a', usd(at(2026, 11, 1), 100))
    await log.record('a', usd(at(2026, 11, 2), 200))
    const newer = JSON.stringify({ v: 2, r: { at: '2026-11-03T00:00:00Z', amount: '3.00' } })
    await appendFile(join(dataDir, file), `${newer}\n{"v":1,"r":{"at":"2026-11-0`)
    const again = open()
    expect((await again.records('a')).map((r) => r.cents)).toEqual([100, 200])
    expect(warnings.join('\n')).toMatch(/kept 1 line.*newer format/)
    expect(warnings.join('\n')).toMatch(/skipped 1 unreadable line/)
    // Rewritten without the torn line; the newer one is still there, first.
    const lines = (await readFile(join(dataDir, file), 'utf8')).trim().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toBe(newer)
    await again.record('a', usd(at(2026, 11, 3), 300))
    expect((await open().records('a')).map((r) => r.cents)).toEqual([100, 200, 300])
  })

  it('with the clock set back, keeps changes but adds no daily point per read', async () => {
    const log = open()
    await log.record('a', usd(at(2026, 11, 10), 100))
    // The clock goes back three days: the same balance is no news, whatever the date says.
    expect((await log.record('a', usd(at(2026, 11, 7), 100))).kept).toBeNull()
    expect((await log.record('a', usd(at(2026, 11, 7, 13), 130))).kept?.why).toBe('change')
    expect((await log.record('a', usd(at(2026, 11, 8), 130))).kept?.why).toBe('daily')
    // The chart's line is in time order; the increase is the one made, not one sorting invents.
    const series = seriesOf(await log.records('a'), 'all', at(2026, 11, 10, 18), null)
    expect(series.points.map((p) => p.cents)).toEqual([130, 130, 100])
    expect(series.increases.map((d) => d.cents)).toEqual([30])
  })

  it('deletes a removed connection’s log, and a read under way does not bring it back', async () => {
    const log = open()
    await log.record('a', usd(at(2026, 11, 1), 100))
    await log.record('b', usd(at(2026, 11, 1), 100))
    const late = log.record('a', usd(at(2026, 11, 2), 200))
    await log.forget('a')
    await late
    await log.record('a', usd(at(2026, 11, 3), 300))
    expect(await readdir(join(dataDir, 'balance'))).toEqual(['b.jsonl'])
  })

  it('stays small over years of readings: one line a day plus one a change', async () => {
    const log = open()
    let cents = 0
    let changes = 0
    // A year read every half hour from 8:00 to 20:00, a sale every third day (each append
    // is fsynced: a year keeps the test short; ten years are ten times this file).
    for (let day = 0; day < 365; day++) {
      for (let read = 0; read < 25; read++) {
        if (read === 12 && day % 3 === 0) {
          cents += 1999
          changes++
        }
        await log.record('a', usd(new Date(2025, 0, 1 + day, 8, read * 30), cents))
      }
    }
    const text = await readFile(join(dataDir, file), 'utf8')
    expect(text.trim().split('\n')).toHaveLength(1 + changes + 364)
    expect((await stat(join(dataDir, file))).size * 10).toBeLessThan(1_000_000)
  }, 60_000)

  it('charts ten years of a busy shop fast, thinned to what a chart can show', () => {
    const records = []
    let cents = 0
    for (let day = 0; day < 3653; day++) {
      records.push({
        at: new Date(2016, 0, 1 + day, 8).toISOString(),
        cents,
        currency: 'USD',
        why: 'daily' as const
      })
      for (let sale = 0; sale < 5; sale++) {
        cents += 999
        records.push({
          at: new Date(2016, 0, 1 + day, 9 + sale).toISOString(),
          cents,
          currency: 'USD',
          why: 'change' as const
        })
      }
    }
    const t0 = performance.now()
    const all = seriesOf(records, 'all', new Date(2026, 0, 1), null)
    const week = seriesOf(records, '7d', new Date(2026, 0, 1), null)
    const took = performance.now() - t0
    expect(all.points.length).toBeLessThanOrEqual(MAX_POINTS)
    expect(all.points.at(-1)?.cents).toBe(cents)
    expect(all.bucket).toBe('month')
    expect(all.increases.reduce((sum, m) => sum + m.cents, 0)).toBe(cents)
    expect(week.bucket).toBe('day')
    expect(week.increases).toHaveLength(7)
    expect(week.increases.every((d) => d.cents === 5 * 999)).toBe(true)
    expect(took).toBeLessThan(1000)
  })

  it('never writes the key: only times, amounts and currencies', async () => {
    const shop = new FakeShop(10)
    const h = await watchHarness([{ id: 'a', label: 'Shop A', shop }])
    await h.clock.advance(5_000)
    shop.balance = 20
    await h.clock.advance(5 * MINUTE)
    const text = await readFile(join(h.dataDir, 'balance', 'a.jsonl'), 'utf8')
    await h.close()
    for (const line of text.trim().split('\n'))
      expect(Object.keys(JSON.parse(line).r).sort()).toEqual(['at', 'cents', 'currency', 'why'])
  })
})
