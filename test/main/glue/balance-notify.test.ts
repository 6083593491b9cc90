import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { wireBalanceNotify } from '../../../electron/main/glue/balance-notify'
import { createTray } from '../../../electron/main/glue/tray'
import { FakeShop, MINUTE, watchHarness, type Harness } from '../balance/watch-harness'
import { FakeNotification, FakeTray, resetElectronFake } from './fakes'

// The balance watch on the desktop, through the faked 'electron' module (fakes.ts):
// native notifications, a click opening Account, the tray's tooltip and menu.

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

let h: Harness | null = null
beforeEach(() => resetElectronFake(fake))
afterEach(async () => {
  await h?.close()
  h = null
})

const labels = (tray: FakeTray) => tray.menu.map((i) => i.label ?? i.type)

/** A shop at $100 watched from 9:00 with a tray; its balance moves to `to` after the first read. */
async function movedAtNine(to: number, shows: string): Promise<FakeTray> {
  const shop = new FakeShop(100)
  h = await watchHarness([{ id: 'a', label: 'Shop', shop }], {
    startAt: new Date(2026, 10, 27, 9, 0).getTime()
  })
  const tray = createTray({ iconPath: '/opt/x/tray.png', act: () => undefined })
  wireBalanceNotify({ balance: h.service, tray, showMain: () => undefined })
  await h.clock.advance(5_000)
  shop.balance = to
  await h.clock.advance(5 * MINUTE)
  await vi.waitFor(() => expect(FakeTray.created[0]?.tooltip).toContain(shows))
  return FakeTray.created[0]!
}

describe('balance notifications on the desktop', () => {
  it('shows a rise as a native notification whose click opens Account', async () => {
    const shop = new FakeShop(1284.57)
    h = await watchHarness([{ id: 'a', label: 'Lumen Studio', shop }], {
      startAt: new Date(2026, 10, 27, 13, 55).getTime()
    })
    const tray = createTray({ iconPath: '/opt/x/tray.png', act: () => undefined })
    let shown = 0
    wireBalanceNotify({ balance: h.service, tray, showMain: () => shown++ })
    await h.clock.advance(5_000)
    expect(FakeNotification.created).toHaveLength(0)
    shop.balance = 1305.67
    await h.clock.advance(5 * MINUTE)
    await vi.waitFor(() => expect(FakeTray.created[0]?.tooltip).toContain('+$21.10'))

    expect(FakeNotification.created.map((n) => [n.options.title, n.options.body, n.shown])).toEqual(
      [
        [
          'Balance up $21.10 · now $1,305.67 · Lumen Studio',
          'Likely a sale. Open Account to see how the balance moved.',
          true
        ]
      ]
    )
    // Not clicked yet: the page has nothing to open.
    expect((await h.service.handlers.takeBalanceNotices({ after: 1 })).openAccount).toBe(false)
    FakeNotification.created[0]!.emit('click')
    expect(shown).toBe(1)
    expect((await h.service.handlers.takeBalanceNotices({ after: 1 })).openAccount).toBe(true)
    expect((await h.service.handlers.takeBalanceNotices({ after: 1 })).openAccount).toBe(false)

    const icon = FakeTray.created[0]!
    expect(icon.tooltip).toBe('Seller Desk\nBalance +$21.10 at 14:00 · today +$21.10')
    expect(labels(icon).slice(0, 4)).toEqual([
      'Check clipboard',
      'separator',
      'Balance +$21.10 at 14:00 · today +$21.10',
      'separator'
    ])
    expect(icon.menu[2]?.enabled).toBe(false)
  })

  it('does not notify a drop, and updates the tray for it', async () => {
    const icon = await movedAtNine(50, '−$50.00')
    expect(FakeNotification.created).toHaveLength(0)
    expect(icon.tooltip).toBe('Seller Desk\nBalance −$50.00 at 09:05 · today +$0.00')
  })

  it('skips reads while Electron says the system is offline', async () => {
    const shop = new FakeShop(100)
    h = await watchHarness([{ id: 'a', label: 'Shop', shop }])
    wireBalanceNotify({ balance: h.service, tray: null, showMain: () => undefined })
    fake.net.online = false
    await h.clock.advance(5_000 + 10 * MINUTE)
    expect(shop.reads).toBe(0)
    fake.net.online = true
    await h.clock.advance(5 * MINUTE)
    expect(shop.reads).toBe(1)
  })

  it('shows nothing where the system has no notifications, and still keeps the tray', async () => {
    FakeNotification.supported = false
    await movedAtNine(110, '+$10.00')
    expect(FakeNotification.created).toHaveLength(0)
  })
})
