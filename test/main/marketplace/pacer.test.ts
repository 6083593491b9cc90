import { describe, expect, it } from 'vitest'
import { createPacer, type PacerTicket } from '../../../electron/main/marketplace/pacer'
import { getPacer } from '../../../electron/main/marketplace/pacer-registry'
import { MarketplaceError } from '../../../electron/main/marketplace/errors'
import { reserveOf } from '../../../electron/main/marketplace/send-budget'
import { FakeClock, flush } from './fake-clock'

const rl = (
  limit: number,
  remaining: number,
  status = 200
): { status: number; headers: Headers } => ({
  status,
  headers: new Headers({
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(remaining)
  })
})

interface Grant {
  at: number
  ticket: PacerTicket
}

function track(promise: Promise<PacerTicket>, clock: FakeClock, into: Grant[]): void {
  void promise.then((ticket) => into.push({ at: clock.now(), ticket }))
}

/**
 * A Laravel-style fixed window that starts at the first hit: answers every granted
 * request at once and remembers whether it would ever have said 429.
 */
function fixedWindowServer(limit: number, windowMs: number, clock: FakeClock) {
  let start = -Infinity
  let count = 0
  let refused = 0
  return {
    get refused() {
      return refused
    },
    answer(ticket: PacerTicket): void {
      const now = clock.now()
      if (now >= start + windowMs) {
        start = now
        count = 0
      }
      count += 1
      if (count > limit) {
        refused += 1
        ticket.done(rl(limit, 0, 429))
      } else ticket.done(rl(limit, limit - count))
    }
  }
}

describe('createPacer', () => {
  it('sends one request alone until an answer tells the real limit', async () => {
    const clock = new FakeClock()
    const pacer = createPacer({ clock, windowMs: 10_000 })
    const grants: Grant[] = []
    for (let i = 0; i < 4; i++) track(pacer.acquire(), clock, grants)
    await clock.advance(5_000)
    expect(grants).toHaveLength(1)
    expect(pacer.state()).toMatchObject({ queued: 3, inFlight: 1, waitingUntil: null })
    grants[0]!.ticket.done(rl(3, 2))
    await clock.advance(0)
    // The server said 3 a window, 2 left: they go now.
    expect(grants.length).toBeGreaterThanOrEqual(2)
    expect(pacer.state().limit).toBe(3)
  })

  it('never lets a fixed-window server see more than its limit, however many are queued', async () => {
    const clock = new FakeClock()
    const windowMs = 10_000
    const pacer = createPacer({ clock, windowMs })
    const server = fixedWindowServer(5, windowMs, clock)
    const grants: Grant[] = []
    for (let i = 0; i < 23; i++) {
      void pacer.acquire({ priority: 'bulk' }).then((ticket) => {
        grants.push({ at: clock.now(), ticket })
        server.answer(ticket)
      })
    }
    for (let i = 0; i < 100 && grants.length < 23; i++) await clock.advance(500)
    expect(grants).toHaveLength(23)
    expect(server.refused).toBe(0)
    // And it did not crawl: 23 requests at 5 per window need a little over 4 windows.
    expect(grants[22]!.at - grants[0]!.at).toBeLessThan(6 * windowMs)
  })

  it('lets bulk work spend a window at once, all but a reserve for the seller', async () => {
    const clock = new FakeClock()
    const windowMs = 60_000
    const pacer = createPacer({ clock, windowMs, safetyMs: 0 })
    const server = fixedWindowServer(60, windowMs, clock)
    const grants: Grant[] = []
    for (let i = 0; i < 100; i++) {
      void pacer.acquire({ priority: 'bulk' }).then((ticket) => {
        grants.push({ at: clock.now(), ticket })
        server.answer(ticket)
      })
    }
    await clock.advance(0)
    const t0 = grants[0]!.at
    // The probe alone, then the rest of the window bar reserveOf(60) = 3, all at once.
    expect(reserveOf(60)).toBe(3)
    expect(grants).toHaveLength(57)
    await clock.advance(windowMs - 1)
    expect(grants).toHaveLength(57)
    await clock.advance(1)
    // The next window takes the other 43 at once: 100 codes in one window's time.
    expect(grants).toHaveLength(100)
    expect(grants[99]!.at - t0).toBe(windowMs)
    expect(server.refused).toBe(0)
  })

  it('answers lookups made while bulk work waits from the reserve, and no more', async () => {
    const clock = new FakeClock()
    const windowMs = 60_000
    const pacer = createPacer({ clock, windowMs, safetyMs: 0 })
    const server = fixedWindowServer(60, windowMs, clock)
    const served = (priority: 'bulk' | 'interactive', into: Grant[]): void => {
      void pacer.acquire({ priority }).then((ticket) => {
        into.push({ at: clock.now(), ticket })
        server.answer(ticket)
      })
    }
    const bulk: Grant[] = []
    for (let i = 0; i < 100; i++) served('bulk', bulk)
    await clock.advance(30_000)
    expect(bulk).toHaveLength(57)
    expect(pacer.state().waitingUntil).not.toBeNull()

    // Halfway through the window the seller checks one code: it goes at once...
    const clicks: Grant[] = []
    served('interactive', clicks)
    await clock.advance(0)
    expect(clicks.map((g) => g.at)).toEqual([clock.now()])
    // ...and so do two more; a fourth would overrun the limit and waits for the window.
    for (let i = 0; i < 3; i++) served('interactive', clicks)
    await clock.advance(0)
    expect(clicks).toHaveLength(3)
    expect(bulk).toHaveLength(57)
    await clock.advance(30_000)
    expect(clicks).toHaveLength(4)
    expect(server.refused).toBe(0)
  })

  it('waits out the window when the server says nothing is left (another client used it)', async () => {
    const clock = new FakeClock()
    const pacer = createPacer({ clock, windowMs: 10_000, safetyMs: 500 })
    const grants: Grant[] = []
    track(pacer.acquire(), clock, grants)
    await clock.advance(0)
    const answeredAt = clock.now()
    grants[0]!.ticket.done(rl(60, 0))
    track(pacer.acquire(), clock, grants)
    await clock.advance(0)
    expect(grants).toHaveLength(1)
    expect(pacer.state()).toMatchObject({
      queued: 1,
      remaining: 0,
      waitingUntil: answeredAt + 10_500
    })
    await clock.advance(10_499)
    expect(grants).toHaveLength(1)
    await clock.advance(1)
    expect(grants).toHaveLength(2)
    expect(pacer.state().waitingUntil).toBeNull()
  })

  it('holds everything for a Retry-After and reports when it will go on', async () => {
    const clock = new FakeClock()
    const pacer = createPacer({ clock })
    const grants: Grant[] = []
    track(pacer.acquire(), clock, grants)
    await clock.advance(0)
    grants[0]!.ticket.done(rl(60, 59))
    pacer.holdFor(7_000)
    const states: (number | null)[] = []
    const stop = pacer.subscribe((s) => states.push(s.waitingUntil))
    track(pacer.acquire(), clock, grants)
    await clock.advance(0)
    expect(pacer.state().waitingUntil).toBe(clock.now() + 7_000)
    expect(states).toContain(clock.now() + 7_000)
    await clock.advance(6_999)
    expect(grants).toHaveLength(1)
    await clock.advance(1)
    expect(grants).toHaveLength(2)
    stop()
  })

  it('calls only a pause the server asked for throttled, never its own spacing', async () => {
    const clock = new FakeClock()
    const pacer = createPacer({ clock, windowMs: 10_000 })
    const grants: Grant[] = []
    track(pacer.acquire(), clock, grants)
    await clock.advance(0)
    grants[0]!.ticket.done(rl(3, 2))
    // Spaced out under a small budget: waiting, but by our own choice.
    for (let i = 0; i < 4; i++) track(pacer.acquire(), clock, grants)
    await clock.advance(0)
    expect(pacer.state().waitingUntil).not.toBeNull()
    expect(pacer.state().throttledUntil).toBeNull()

    // A 429 with Retry-After: now the marketplace made us wait.
    pacer.holdFor(7_000)
    expect(pacer.state().throttledUntil).toBe(clock.now() + 7_000)
    await clock.advance(7_000)
    expect(pacer.state().throttledUntil).toBeNull()
  })

  it('drops a cancelled waiter with an aborted error', async () => {
    const clock = new FakeClock()
    const pacer = createPacer({ clock })
    const first = await pacer.acquire()
    const controller = new AbortController()
    const waiting = pacer.acquire({ signal: controller.signal })
    await flush()
    expect(pacer.state().queued).toBe(1)
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ kind: 'aborted' })
    await expect(waiting).rejects.toBeInstanceOf(MarketplaceError)
    expect(pacer.state().queued).toBe(0)
    await expect(pacer.acquire({ signal: controller.signal })).rejects.toMatchObject({
      kind: 'aborted'
    })
    first.done(null)
  })

  it('lets an interactive request overtake queued bulk work', async () => {
    const clock = new FakeClock()
    const pacer = createPacer({ clock, windowMs: 60_000 })
    const order: string[] = []
    const probe = await pacer.acquire()
    for (let i = 0; i < 3; i++)
      void pacer.acquire({ priority: 'bulk' }).then(() => order.push(`bulk${i}`))
    void pacer.acquire().then(() => order.push('click'))
    await flush()
    probe.done(rl(60, 59))
    await clock.advance(10_000)
    expect(order[0]).toBe('click')
    expect(order.slice(1)).toEqual(['bulk0', 'bulk1', 'bulk2'])
  })

  it('a 429 without headers counts as an empty budget', async () => {
    const clock = new FakeClock()
    const pacer = createPacer({ clock, windowMs: 1_000, safetyMs: 0 })
    const grants: Grant[] = []
    track(pacer.acquire(), clock, grants)
    await clock.advance(0)
    grants[0]!.ticket.done({ status: 429, headers: new Headers() })
    track(pacer.acquire(), clock, grants)
    await clock.advance(999)
    expect(grants).toHaveLength(1)
    await clock.advance(1)
    expect(grants).toHaveLength(2)
  })
})

describe('getPacer', () => {
  it('gives every client of one origin the same pacer, and other origins their own', () => {
    const a = getPacer('https://shop.example:8443/some/path')
    expect(getPacer('https://shop.example:8443')).toBe(a)
    expect(getPacer('https://shop.example')).not.toBe(a)
    expect(getPacer('http://shop.example:8443')).not.toBe(a)
  })
})
