import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_WATCH_MS, FIRST_READ_MS } from '../../../electron/main/balance/watch'
import { FakeShop, MINUTE, titles, watchHarness, type Harness } from './watch-harness'

// The balance watch with a fake clock: when it reads, what it skips, what it notifies.

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('watch', () => {
  it('reads every connection 5 s after start, then every 5 minutes by default', async () => {
    const shop = new FakeShop(1284.57)
    h = await watchHarness([{ id: 'a', label: 'Shop A', shop }])
    await h.clock.advance(FIRST_READ_MS - 1)
    expect(shop.reads).toBe(0)
    await h.clock.advance(1)
    expect(shop.reads).toBe(1)
    await h.clock.advance(5 * MINUTE - 1)
    expect(shop.reads).toBe(1)
    await h.clock.advance(1)
    expect(shop.reads).toBe(2)
    await h.clock.advance(60 * MINUTE)
    expect(shop.reads).toBe(14)
    const watch = await h.service.handlers.getBalanceWatch(undefined)
    expect(watch).toMatchObject({ intervalMinutes: 5, intervalMs: 5 * MINUTE })
    expect(watch.connections[0]).toMatchObject({
      connectionId: 'a',
      state: 'watching',
      notify: true
    })
  })

  it('follows the interval set in Settings, and reads nothing when it is off', async () => {
    const shop = new FakeShop(10)
    h = await watchHarness([{ id: 'a', label: 'Shop A', shop }])
    await h.clock.advance(FIRST_READ_MS)
    expect(shop.reads).toBe(1)
    await h.service.handlers.setBalanceWatch({ intervalMinutes: 15 })
    await h.clock.advance(14 * MINUTE)
    expect(shop.reads).toBe(1)
    await h.clock.advance(MINUTE)
    expect(shop.reads).toBe(2)
    const off = await h.service.handlers.setBalanceWatch({ intervalMinutes: 0 })
    expect(off.connections[0]?.state).toBe('off')
    await h.clock.advance(24 * 60 * MINUTE)
    expect(shop.reads).toBe(2)
    // Kept in settings.json, so a restart watches the same way.
    expect((await h.settings.read()).balanceWatch?.intervalMinutes).toBe(0)
  })

  it('uses SELLER_DESK_BALANCE_WATCH_MS for the pause when given, and changes nothing else', async () => {
    const shop = new FakeShop(10)
    h = await watchHarness([{ id: 'a', label: 'Shop A', shop }], { intervalMs: 1000 })
    await h.clock.advance(1000)
    expect(shop.reads).toBe(1)
    shop.balance = 31.1
    await h.clock.advance(1000)
    expect(shop.reads).toBe(2)
    expect(titles(h.events)).toEqual(['Balance up $21.10 · now $31.10 · Shop A'])
    await h.service.handlers.setBalanceWatch({ intervalMinutes: 0 })
    await h.clock.advance(10_000)
    expect(shop.reads).toBe(2)
  })

  it('reads the running demo every 15 s, and not at all while it is not running', async () => {
    const shop = new FakeShop(10)
    h = await watchHarness([{ id: 'd', label: 'Demo', shop, isDemo: true }])
    h.state.demoRunning = false
    await h.clock.advance(FIRST_READ_MS + DEMO_WATCH_MS)
    expect(shop.reads).toBe(0)
    expect((await h.service.handlers.getBalanceWatch(undefined)).connections[0]?.state).toBe(
      'demo-stopped'
    )
    h.state.demoRunning = true
    await h.clock.advance(DEMO_WATCH_MS)
    expect(shop.reads).toBe(1)
    await h.clock.advance(4 * DEMO_WATCH_MS)
    expect(shop.reads).toBe(5)
  })
})

describe('skips', () => {
  it('reads nothing while offline, the keychain is locked or a bulk check runs, then resumes', async () => {
    const shop = new FakeShop(10)
    h = await watchHarness([{ id: 'a', label: 'Shop A', shop }])
    const stateOf = async () =>
      (await h!.service.handlers.getBalanceWatch(undefined)).connections[0]?.state
    h.state.online = false
    await h.clock.advance(FIRST_READ_MS)
    expect(shop.reads).toBe(0)
    expect(await stateOf()).toBe('offline')
    h.state.online = true
    h.state.locked = true
    await h.clock.advance(5 * MINUTE)
    expect(shop.reads).toBe(0)
    expect(await stateOf()).toBe('keychain-locked')
    h.state.locked = false
    h.state.bulk = true
    await h.clock.advance(5 * MINUTE)
    expect(shop.reads).toBe(0)
    expect(await stateOf()).toBe('bulk-running')
    h.state.bulk = false
    await h.clock.advance(5 * MINUTE)
    expect(shop.reads).toBe(1)
    expect(await stateOf()).toBe('watching')
  })

  it('says offline when a read cannot reach the marketplace, and records nothing', async () => {
    const shop = new FakeShop(10)
    shop.offline = true
    h = await watchHarness([{ id: 'a', label: 'Shop A', shop }])
    await h.clock.advance(FIRST_READ_MS)
    expect(shop.reads).toBe(1)
    const watch = await h.service.handlers.getBalanceWatch(undefined)
    expect(watch.connections[0]).toMatchObject({ state: 'offline', lastReadAt: null })
    expect((await h.service.handlers.exportBalanceCsv(undefined)).csv.split('\r\n')).toHaveLength(2)
  })

  it('stops on a refused key and says so once, then resumes once the key is replaced', async () => {
    const shop = new FakeShop(10)
    h = await watchHarness([{ id: 'a', label: 'Shop A', shop }])
    await h.clock.advance(FIRST_READ_MS)
    shop.refuse = true
    await h.clock.advance(5 * MINUTE)
    expect(shop.reads).toBe(2)
    await h.clock.advance(6 * 60 * MINUTE)
    // No more reads with the refused key, and one notice, not one a turn.
    expect(shop.reads).toBe(2)
    expect(h.events.filter((e) => e.kind === 'stopped')).toHaveLength(1)
    expect(titles(h.events)).toEqual(['Balance watch stopped · Shop A'])
    const watch = await h.service.handlers.getBalanceWatch(undefined)
    expect(watch.connections[0]?.state).toBe('key-refused')
    expect(watch.connections[0]?.message).toMatch(
      /refused the API key.*Replace the key in Settings/
    )
    // A new key is a new client: the watch reads again.
    shop.refuse = false
    shop.balance = 20
    h.clients.set('a', shop.client())
    await h.clock.advance(5 * MINUTE)
    expect(shop.reads).toBe(3)
    expect(titles(h.events)).toEqual([
      'Balance watch stopped · Shop A',
      'Balance up $10.00 · now $20.00 · Shop A'
    ])
  })
})

describe('notify', () => {
  it('notifies a rise as a likely sale, records a drop without notifying it', async () => {
    const shop = new FakeShop(1284.57)
    h = await watchHarness([{ id: 'a', label: 'Shop A', shop }])
    await h.clock.advance(FIRST_READ_MS)
    expect(titles(h.events)).toEqual([])
    shop.balance = 1305.67
    await h.clock.advance(5 * MINUTE)
    expect(titles(h.events)).toEqual(['Balance up $21.10 · now $1,305.67 · Shop A'])
    const notice = h.events.at(-1)?.notice
    expect(notice?.body).toMatch(/^Likely a sale\./)
    shop.balance = 1255.67
    await h.clock.advance(5 * MINUTE)
    expect(titles(h.events)).toHaveLength(1)
    expect(h.events.at(-1)).toMatchObject({
      kind: 'reading',
      move: { kind: 'down', deltaCents: -5000 }
    })
    const csv = (await h.service.handlers.exportBalanceCsv(undefined)).csv
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      expect.stringMatching(/^2026-11-02T09:00:05.000Z,1284\.57,USD,,,first reading$/),
      expect.stringMatching(/^2026-11-02T09:05:05.000Z,1305\.67,USD,21\.10,,change$/),
      expect.stringMatching(/^2026-11-02T09:10:05.000Z,1255\.67,USD,,50\.00,change$/)
    ])
  })

  it('compares in cents: a float artefact is no change', async () => {
    const shop = new FakeShop(1284.57)
    h = await watchHarness([{ id: 'a', label: 'Shop A', shop }])
    await h.clock.advance(FIRST_READ_MS)
    shop.balance = 1284.5700000000002
    await h.clock.advance(5 * MINUTE)
    shop.balance = 1284.5699999999999
    await h.clock.advance(5 * MINUTE)
    expect(shop.reads).toBe(3)
    expect(titles(h.events)).toEqual([])
    expect(h.events.map((e) => e.kind === 'reading' && e.move.kind)).toEqual([
      'first',
      'same',
      'same'
    ])
  })

  it('keeps quiet for a connection whose notifications are off, and still records it', async () => {
    const a = new FakeShop(10)
    const b = new FakeShop(10)
    h = await watchHarness([
      { id: 'a', label: 'Shop A', shop: a },
      { id: 'b', label: 'Shop B', shop: b }
    ])
    const watch = await h.service.handlers.setBalanceWatch({ connectionId: 'b', notify: false })
    expect(watch.connections.map((c) => c.notify)).toEqual([true, false])
    await h.clock.advance(FIRST_READ_MS)
    a.balance = 15
    b.balance = 15
    await h.clock.advance(5 * MINUTE)
    expect(titles(h.events)).toEqual(['Balance up $5.00 · now $15.00 · Shop A'])
    expect(h.events.filter((e) => e.kind === 'reading' && e.move.kind === 'up')).toHaveLength(2)
  })

  it('tells two connections to one marketplace apart, each with its own log', async () => {
    const one = new FakeShop(100)
    const two = new FakeShop(5, 'EUR')
    h = await watchHarness([
      { id: 'one', label: 'market.example (main)', shop: one },
      { id: 'two', label: 'market.example (second shop)', shop: two }
    ])
    await h.clock.advance(FIRST_READ_MS)
    one.balance = 110
    two.balance = 7.5
    await h.clock.advance(5 * MINUTE)
    expect(titles(h.events)).toEqual([
      'Balance up $10.00 · now $110.00 · market.example (main)',
      'Balance up €2.50 · now €7.50 · market.example (second shop)'
    ])
    const lines = async (id: string) =>
      (await readFile(join(h!.dataDir, 'balance', `${id}.jsonl`), 'utf8')).trim().split('\n')
    expect(await lines('one')).toHaveLength(2)
    expect((await lines('two')).map((l) => JSON.parse(l).r.cents)).toEqual([500, 750])
  })

  it('records a currency change without calling it a sale', async () => {
    const shop = new FakeShop(100, 'USD')
    h = await watchHarness([{ id: 'a', label: 'Shop A', shop }])
    await h.clock.advance(FIRST_READ_MS)
    shop.currency = 'EUR'
    shop.balance = 92
    await h.clock.advance(5 * MINUTE)
    shop.balance = 95
    await h.clock.advance(5 * MINUTE)
    expect(h.events.map((e) => e.kind === 'reading' && e.move.kind)).toEqual([
      'first',
      'currency',
      'up'
    ])
    expect(titles(h.events)).toEqual(['Balance up €3.00 · now €95.00 · Shop A'])
    const series = await h.service.handlers.getBalanceSeries({ range: '7d' })
    expect(series).toMatchObject({ currency: 'EUR', otherCurrency: true, todayCents: 300 })
    expect(series.points.map((p) => p.cents)).toEqual([9200, 9500])
  })
})

describe('tray', () => {
  it('gives the last change with its time and today’s increases', async () => {
    const shop = new FakeShop(100)
    h = await watchHarness([{ id: 'a', label: 'Shop A', shop }], {
      startAt: new Date(2026, 10, 27, 13, 50).getTime()
    })
    expect(await h.service.trayLines()).toEqual([])
    await h.clock.advance(FIRST_READ_MS)
    shop.balance = 121.1
    await h.clock.advance(10 * MINUTE)
    shop.balance = 163.3
    await h.clock.advance(5 * MINUTE)
    expect(await h.service.trayLines()).toEqual(['Balance +$42.20 at 14:05 · today +$63.30'])
    shop.balance = 13.3
    await h.clock.advance(5 * MINUTE)
    expect(await h.service.trayLines()).toEqual(['Balance −$150.00 at 14:10 · today +$63.30'])
  })
})
