import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ItemsView } from '../../../../renderer/src/views/items/ItemsView'
import { useItems } from '../../../../renderer/src/stores/items'
import { useNav } from '../../../../renderer/src/stores/nav'
import { formatDateTime } from '../../../../renderer/src/lib/format'
import type { ItemsPayload } from '../../../../shared/ipc/contract'
import type { Item } from '../../../../shared/model'
import {
  HOSTILE,
  deferred,
  err,
  freshness,
  installFakeBridge,
  ok,
  sampleItem,
  sampleItems
} from '../../fake-bridge'
import { stubLayout } from './items-layout'

stubLayout()

function payload(items: Item[], extra: Partial<ItemsPayload> = {}): ItemsPayload {
  return { items, skipped: [], listProblem: null, ...extra }
}

function catalogue(): Item[] {
  return [
    sampleItem({
      id: 1,
      name: 'Northwind Admin',
      category: 'Templates',
      sub_category: 'Admin',
      tags: ['dashboard'],
      price: { regular: 24, extended: 120 },
      published_at: '2024-03-02T10:00:00Z'
    }),
    sampleItem({
      id: 2,
      name: 'Ocean Drone Footage',
      category: 'Video',
      sub_category: 'Stock',
      kind: 'video',
      tags: ['aerial', 'sea'],
      price: { regular: 49, extended: 300 },
      published_at: '2024-06-01T10:00:00Z'
    }),
    sampleItem({
      id: 3,
      name: 'Lofi Study Beats',
      category: 'Audio',
      sub_category: 'Music',
      kind: 'audio',
      tags: ['chill'],
      price: { regular: 9.5, extended: 60 },
      published_at: '2023-01-01T10:00:00Z'
    }),
    sampleItem({
      id: 4,
      name: 'Aurora Landing Page',
      category: 'Templates',
      sub_category: 'Landing',
      tags: ['marketing'],
      price: { regular: 15, extended: 75 },
      published_at: null
    })
  ]
}

const cardNames = (): string[] =>
  within(screen.getByRole('list', { name: 'Items' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('[id^="item-card-name-"], [id^="item-row-name-"]')!.textContent!)

/** A tile is named by its visible text, which starts with the item's name. */
const startsWith =
  (name: string) =>
  (accessibleName: string): boolean =>
    accessibleName.startsWith(`${name} `)

beforeEach(() => {
  useItems.getState().reset()
  useItems.setState({ layout: 'grid' })
  useNav.setState({ view: 'items', itemId: null, previous: 'items' })
})
afterEach(() => {
  useItems.getState().reset()
})

describe('ItemsView', () => {
  it('shows a skeleton grid while loading, then cards with media through the bridge', async () => {
    const pending = deferred<Awaited<ReturnType<Window['sellerDesk']['listItems']>>>()
    const bridge = installFakeBridge({ listItems: () => pending.promise })
    render(<ItemsView />)
    expect(screen.getByRole('status', { name: 'Loading items' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Items' })).toBeNull()

    await act(async () =>
      pending.resolve(ok({ data: payload(catalogue()), freshness: freshness() }))
    )
    expect(screen.queryByRole('status', { name: 'Loading items' })).toBeNull()
    const card = screen.getByRole('button', { name: /^Ocean Drone Footage\b/ })
    expect(within(card).getByText('Video')).toBeInTheDocument()
    expect(within(card).getByText('Video › Stock')).toBeInTheDocument()
    expect(within(card).getByText('$49.00')).toBeInTheDocument()
    expect(within(card).getByText('$300.00')).toBeInTheDocument()
    expect(within(card).getByText('v2.4.1')).toBeInTheDocument()
    const img = card.querySelector('img')!
    expect(img.getAttribute('src')).toBe(
      'sd-media://media/?u=' + encodeURIComponent('https://market.test/media/101/thumb.jpg')
    )
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(bridge.mediaUrl).toHaveBeenCalledWith('https://market.test/media/101/thumb.jpg')
    // Network data: no second, refreshing call.
    expect(bridge.calls.listItems).toEqual([undefined])
    expect(screen.getByText(/Online · synced/)).toBeInTheDocument()
  })

  it('searches as you type over name, tags and category, and offers to clear', async () => {
    installFakeBridge({
      listItems: async () => ok({ data: payload(catalogue()), freshness: freshness() })
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    const search = await screen.findByRole('searchbox', { name: 'Search items' })
    expect(cardNames()).toHaveLength(4)

    await user.type(search, 'AERIAL')
    await waitFor(() => expect(cardNames()).toEqual(['Ocean Drone Footage']))
    await user.clear(search)
    await user.type(search, 'templates land')
    await waitFor(() => expect(cardNames()).toEqual(['Aurora Landing Page']))
    expect(screen.getByText('1 of 4')).toBeInTheDocument()

    await user.clear(search)
    await user.type(search, 'zebra')
    expect(await screen.findByText('No items match “zebra”.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    await waitFor(() => expect(cardNames()).toHaveLength(4))
    expect(search).toHaveValue('')
  })

  it('filters by kind and category and sorts by price and name', async () => {
    installFakeBridge({
      listItems: async () => ok({ data: payload(catalogue()), freshness: freshness() })
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    await screen.findByRole('list', { name: 'Items' })
    // Newest first by default; an undated item goes last.
    expect(cardNames()).toEqual([
      'Ocean Drone Footage',
      'Northwind Admin',
      'Lofi Study Beats',
      'Aurora Landing Page'
    ])

    // Main answers each sort and filter (queryItems): the cards follow a render later.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'price-asc')
    await waitFor(() =>
      expect(cardNames()).toEqual([
        'Lofi Study Beats',
        'Aurora Landing Page',
        'Northwind Admin',
        'Ocean Drone Footage'
      ])
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'price-desc')
    await waitFor(() => expect(cardNames()[0]).toBe('Ocean Drone Footage'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'name')
    await waitFor(() =>
      expect(cardNames()).toEqual([
        'Aurora Landing Page',
        'Lofi Study Beats',
        'Northwind Admin',
        'Ocean Drone Footage'
      ])
    )

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Templates')
    await waitFor(() => expect(cardNames()).toEqual(['Aurora Landing Page', 'Northwind Admin']))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), '')
    const kinds = screen.getByRole('group', { name: 'Kind' })
    await user.click(within(kinds).getByRole('button', { name: 'Audio' }))
    expect(within(kinds).getByRole('button', { name: 'Audio' })).toHaveAttribute(
      'aria-pressed',
      'true'
    )
    await waitFor(() => expect(cardNames()).toEqual(['Lofi Study Beats']))
  })

  it('switches to a list of rows and back', async () => {
    installFakeBridge({
      listItems: async () => ok({ data: payload(catalogue()), freshness: freshness() })
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    await screen.findByRole('list', { name: 'Items' })
    await user.click(screen.getByRole('button', { name: 'List' }))
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true')
    expect(useItems.getState().layout).toBe('list')
    const row = screen.getByRole('button', { name: /^Lofi Study Beats\b/ })
    expect(within(row).getByText('$9.50')).toBeInTheDocument()
    expect(within(row).getByText('Audio › Music')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Grid' }))
    expect(useItems.getState().layout).toBe('grid')
  })

  it('opens an item on click and moves focus between cards with the arrow keys', async () => {
    installFakeBridge({
      listItems: async () => ok({ data: payload(catalogue()), freshness: freshness() })
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    const first = await screen.findByRole('button', { name: /^Ocean Drone Footage\b/ })
    first.focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('button', { name: /^Northwind Admin\b/ })).toHaveFocus()
    await user.keyboard('{End}')
    expect(screen.getByRole('button', { name: /^Aurora Landing Page\b/ })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(useNav.getState()).toMatchObject({ view: 'item', itemId: 4, previous: 'items' })
  })

  it('says honestly why a real install lists nothing, and adds an item by id straight into the list', async () => {
    const bridge = installFakeBridge({
      listItems: async () =>
        ok({ data: payload([], { listProblem: 'empty-or-single' }), freshness: freshness() }),
      getItem: async (req) =>
        req.id === 12
          ? ok({ data: sampleItem({ id: 12, name: 'Solo Item' }), freshness: freshness() })
          : err('not-found', `Item ${req.id} was not found among this account's approved items.`)
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    expect(
      await screen.findByText(
        'The marketplace lists no items for this account. A real install lists nothing when a shop has one item or none: add an item by its id.'
      )
    ).toBeInTheDocument()
    expect(screen.queryByRole('searchbox')).toBeNull()
    const field = screen.getByLabelText('Item id')
    await user.type(field, 'abc{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('An item id is a whole number')
    expect(bridge.getItem).not.toHaveBeenCalled()
    await user.clear(field)
    await user.type(field, '99{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Item 99 was not found among this account's approved items."
    )
    await user.clear(field)
    await user.type(field, '12{Enter}')
    // In the list at once, asked of the marketplace (not the cache), with no second list read.
    expect(await screen.findByRole('button', { name: /^Solo Item\b/ })).toBeInTheDocument()
    expect(bridge.calls.getItem).toEqual([
      { id: 99, refresh: true },
      { id: 12, refresh: true }
    ])
    expect(bridge.calls.listItems).toEqual([undefined])
    expect(useNav.getState().view).toBe('items')
    // The list is still short, and says why.
    expect(screen.getByText('The marketplace did not list your items.')).toBeInTheDocument()
    expect(
      screen.getByText(/only the 1 item known to this app is shown \(added by id/)
    ).toBeInTheDocument()
  })

  it('offers "Add by id" from the header and the notice whenever the list comes from known ids', async () => {
    const bridge = installFakeBridge({
      listItems: async () =>
        ok({
          data: payload(catalogue().slice(0, 2), { listProblem: 'server-data-fault' }),
          freshness: freshness()
        }),
      getItem: async (req) =>
        ok({
          data: sampleItem({ id: req.id, name: `Item number ${req.id}` }),
          freshness: freshness()
        })
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    await screen.findByRole('button', { name: /^Northwind Admin\b/ })
    const notice = screen
      .getByText(/The marketplace could not list your items\./)
      .closest('[role="status"]')!
    expect(notice).toHaveTextContent('Its list fails when any item has no sub-category.')
    expect(notice).toHaveTextContent('Give every item a sub-category on the site, then refresh.')
    expect(notice).toHaveTextContent('only the 2 items known to this app are shown')
    expect(screen.queryByLabelText('Item id')).toBeNull()

    await user.click(within(notice as HTMLElement).getByRole('button', { name: 'Add item by id' }))
    const panel = screen.getByRole('group', { name: 'Add by id' })
    const field = within(panel).getByLabelText('Item id')
    expect(field).toHaveFocus()
    expect(screen.getByRole('button', { name: /Add by id/ })).toHaveAttribute(
      'aria-expanded',
      'true'
    )
    await user.type(field, '77{Enter}')
    expect(await within(panel).findByRole('status')).toHaveTextContent('Added “Item number 77”.')
    expect(screen.getByRole('button', { name: /^Item number 77\b/ })).toBeInTheDocument()
    expect(screen.getByText('3 items')).toBeInTheDocument()
    expect(notice).toHaveTextContent('only the 3 items known to this app are shown')

    // An id already listed is refreshed in place, not listed twice.
    await user.type(field, '1{Enter}')
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      '“Item number 1” is already in the list.'
    )
    expect(screen.getByText('3 items')).toBeInTheDocument()
    expect(bridge.calls.listItems).toEqual([undefined])

    await user.click(within(panel).getByRole('button', { name: 'Open it' }))
    expect(useNav.getState()).toMatchObject({ view: 'item', itemId: 1 })
  })

  it('keeps the header button for adding by id when the list is complete', async () => {
    installFakeBridge({
      listItems: async () => ok({ data: payload(catalogue()), freshness: freshness() })
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    await screen.findByRole('button', { name: /^Northwind Admin\b/ })
    expect(screen.queryByText(/known to this app/)).toBeNull()
    const toggle = screen.getByRole('button', { name: /Add by id/ })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(screen.getByRole('group', { name: 'Add by id' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('group', { name: 'Add by id' })).toBeNull()
  })

  it('puts an item opened by id into a list built from known ids', async () => {
    installFakeBridge({
      listItems: async () =>
        ok({
          data: payload(catalogue().slice(0, 1), { listProblem: 'empty-or-single' }),
          freshness: freshness()
        }),
      getItem: async (req) =>
        ok({ data: sampleItem({ id: req.id, name: 'Opened' }), freshness: freshness() })
    })
    await useItems.getState().load()
    await useItems.getState().loadDetail(55)
    const list = useItems.getState().list!
    expect([...list.extra, ...list.rows].map((i) => i!.id)).toEqual([55, 1])
  })

  it('coming back to a list built from known ids shows items learnt meanwhile, from the cache', async () => {
    let cached = payload(catalogue().slice(0, 1), { listProblem: 'empty-or-single' })
    const bridge = installFakeBridge({
      listItems: async (req) =>
        ok({ data: cached, freshness: freshness({ source: req?.refresh ? 'network' : 'cache' }) })
    })
    const first = render(<ItemsView />)
    await waitFor(() => expect(cardNames()).toEqual(['Northwind Admin']))
    // The first visit's background revalidation is over before the seller leaves.
    await waitFor(() => expect(bridge.calls.listItems).toEqual([undefined, { refresh: true }]))
    await waitFor(() => expect(useItems.getState().refreshing).toBe(false))
    first.unmount()
    // Meanwhile a purchase check taught main item 2, and main put it in its cached list.
    cached = payload(catalogue().slice(0, 2), { listProblem: 'empty-or-single' })
    const calls = bridge.calls.listItems!.length
    render(<ItemsView />)
    await waitFor(() => expect(cardNames()).toEqual(['Ocean Drone Footage', 'Northwind Admin']))
    // One cache read, no request to the marketplace.
    expect(bridge.calls.listItems!.slice(calls)).toEqual([undefined])
  })

  it('a complete list is not re-read when the view opens again', async () => {
    const bridge = installFakeBridge({
      listItems: async () => ok({ data: payload(catalogue()), freshness: freshness() })
    })
    const first = render(<ItemsView />)
    await waitFor(() => expect(cardNames()).toHaveLength(4))
    first.unmount()
    render(<ItemsView />)
    await waitFor(() => expect(cardNames()).toHaveLength(4))
    expect(bridge.calls.listItems).toEqual([undefined])
  })

  it('names the items that could not be read, and what to fix after a server data fault', async () => {
    installFakeBridge({
      listItems: async () =>
        ok({
          data: payload(catalogue().slice(0, 1), {
            listProblem: 'server-data-fault',
            skipped: [
              { index: 3, field: 'price.regular', message: 'Expected a number' },
              { index: 7, field: 'id', message: 'Required' }
            ]
          }),
          freshness: freshness()
        })
    })
    render(<ItemsView />)
    expect(await screen.findByText(/2 items could not be read:/)).toHaveTextContent(
      '2 items could not be read: items[3].price.regular, items[7].id'
    )
    expect(screen.getByText(/Expected a number/)).toBeInTheDocument()
    expect(screen.getByText(/Give every item a sub-category on the site/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Northwind Admin\b/ })).toBeInTheDocument()
  })

  it('says why under the header with Try again when nothing is cached, and recovers', async () => {
    let calls = 0
    installFakeBridge({
      listItems: async () =>
        ++calls === 1
          ? err('offline', 'Could not reach market.test.')
          : ok({ data: payload(catalogue()), freshness: freshness() })
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    const notice = await screen.findByText(
      /^Can’t reach .+: check your internet connection, then try again\.$/
    )
    await user.click(within(notice.parentElement!).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: /^Northwind Admin\b/ })).toBeInTheDocument()
  })

  it('shows cached data at once, then revalidates in the background', async () => {
    const cachedAt = '2024-11-12T14:02:00.000Z'
    const fresh = deferred<Awaited<ReturnType<Window['sellerDesk']['listItems']>>>()
    const bridge = installFakeBridge({
      listItems: (req) =>
        req?.refresh
          ? fresh.promise
          : Promise.resolve(
              ok({
                data: payload(catalogue().slice(0, 2)),
                freshness: freshness({ fetchedAt: cachedAt, source: 'cache' })
              })
            )
    })
    render(<ItemsView />)
    expect(await screen.findByRole('button', { name: /^Northwind Admin\b/ })).toBeInTheDocument()
    expect(screen.getByText('Syncing…')).toBeInTheDocument()
    expect(bridge.calls.listItems).toEqual([undefined, { refresh: true }])

    await act(async () =>
      fresh.resolve(
        ok({
          data: payload(catalogue().slice(0, 2)),
          freshness: freshness({
            fetchedAt: cachedAt,
            source: 'cache',
            offline: true,
            refreshError: 'No network'
          })
        })
      )
    )
    expect(screen.getByText(/^Offline since .+ · data from/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Northwind Admin\b/ })).toBeInTheDocument()
  })

  it('keeps cached items on screen when a manual refresh fails', async () => {
    let n = 0
    installFakeBridge({
      listItems: async () =>
        ++n === 1
          ? ok({ data: payload(catalogue()), freshness: freshness() })
          : err('rate-limited', 'Too many requests.', 5000)
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    await screen.findByRole('button', { name: /^Northwind Admin\b/ })
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(await screen.findByText(/Couldn’t refresh: Too many requests./)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Northwind Admin\b/ })).toBeInTheDocument()
  })

  it('keeps the saved list when the seller cancels a refresh, dated, with Refresh to try again', async () => {
    const savedAt = '2026-11-12T14:02:00Z'
    let n = 0
    installFakeBridge({
      listItems: async () =>
        ++n !== 2
          ? ok({ data: payload(catalogue()), freshness: freshness({ fetchedAt: savedAt }) })
          : ok({
              data: payload(catalogue()),
              freshness: freshness({
                fetchedAt: savedAt,
                source: 'cache',
                refreshError: 'Refresh cancelled: showing the saved list.',
                refreshErrorKind: 'aborted'
              })
            })
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    await screen.findByRole('button', { name: /^Northwind Admin\b/ })
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    const notice = await screen.findByTestId('refresh-cancelled')
    expect(notice.getAttribute('role')).toBe('status')
    expect(notice.textContent).toBe(
      `Refresh cancelled: showing the list saved ${formatDateTime(savedAt)}.Refresh`
    )
    // Not a failure: no error words, and the items stay.
    expect(screen.queryByText(/Couldn’t refresh/)).toBeNull()
    expect(screen.getByRole('button', { name: /^Northwind Admin\b/ })).toBeInTheDocument()
    await user.click(within(notice).getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(screen.queryByTestId('refresh-cancelled')).toBeNull())
  })

  it('offers to sync again when the seller cancelled the first sync', async () => {
    let n = 0
    installFakeBridge({
      listItems: async () =>
        ++n === 1
          ? err('aborted', 'The refresh was cancelled.')
          : ok({ data: payload(catalogue()), freshness: freshness() })
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    expect(
      await screen.findByText('Sync cancelled: no copy of your items is saved yet.')
    ).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Sync now' }))
    await screen.findByRole('button', { name: /^Northwind Admin\b/ })
  })

  it('prints hostile names and categories as text', async () => {
    installFakeBridge({
      listItems: async () =>
        ok({
          data: payload([
            sampleItem({
              id: 9,
              name: HOSTILE.img + HOSTILE.script,
              category: HOSTILE.text,
              sub_category: null
            })
          ]),
          freshness: freshness()
        })
    })
    const { container } = render(<ItemsView />)
    const card = await screen.findByRole('button', {
      name: startsWith(HOSTILE.img + HOSTILE.script)
    })
    expect(within(card).getByText(HOSTILE.text)).toBeInTheDocument()
    // Only the thumbnail is an image; nothing from the strings became markup.
    expect(container.querySelectorAll('img')).toHaveLength(1)
    expect(container.querySelector('script, svg[onload]')).toBeNull()
    expect((window as Window & { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('renders only the rows in view for 10,000 items', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      sampleItem({
        id: i + 1,
        name: `Item ${i + 1}`,
        tags: i % 1000 === 0 ? ['rare'] : ['common'],
        published_at: null
      })
    )
    installFakeBridge({
      listItems: async () => ok({ data: payload(many), freshness: freshness() })
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    await screen.findByRole('button', { name: startsWith('Item 1') })
    const rendered = screen.getAllByRole('listitem')
    expect(rendered.length).toBeGreaterThan(0)
    expect(rendered.length).toBeLessThan(60)
    expect(rendered[0]).toHaveAttribute('aria-setsize', '10000')
    expect(screen.getByText('10,000 items')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'rare')
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10))
  })

  it('draws the rows in view first and the rows beyond them once that frame is painted, and keeps them for a new search', async () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      sampleItem({ id: i + 1, name: `Item ${i + 1}`, published_at: null })
    )
    const frames: FrameRequestCallback[] = []
    const realFrame = window.requestAnimationFrame
    window.requestAnimationFrame = (cb) => frames.push(cb)
    const paint = (): void =>
      act(() => {
        for (const frame of frames.splice(0)) frame(performance.now())
      })
    try {
      installFakeBridge({
        listItems: async () => ok({ data: payload(many), freshness: freshness() })
      })
      const user = userEvent.setup()
      render(<ItemsView />)
      await screen.findByRole('button', { name: startsWith('Item 1') })
      // 1040 x 800: four columns, and the rows that meet the 800 px box.
      const inView = screen.getAllByRole('listitem').length
      expect(inView % 4).toBe(0)
      expect(frames.length).toBeGreaterThan(0)
      paint()
      // Two rows of four beyond the view (none above the top).
      await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(inView + 8))
      // "1" matches far more items than the rows in view and beyond them: its answer fills
      // the same cards, the rows beyond the view included, with no frame to wait for.
      const before = screen.getAllByRole('listitem')
      await user.type(screen.getByRole('searchbox', { name: 'Search items' }), '1')
      await waitFor(() => expect(screen.getByText(/^\d+ of 300$/)).toBeInTheDocument())
      const after = screen.getAllByRole('listitem')
      expect(after).toHaveLength(inView + 8)
      expect(after.every((cell, i) => cell === before[i])).toBe(true)
      expect(within(after[inView + 7]!).getByRole('button')).toHaveAccessibleName(/Item \d*1/)
    } finally {
      window.requestAnimationFrame = realFrame
    }
  })

  it('starts a new search from the top, writing the scroll position only when scrolled', async () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      sampleItem({ id: i + 1, name: `Item ${i + 1}`, published_at: null })
    )
    installFakeBridge({
      listItems: async () => ok({ data: payload(many), freshness: freshness() })
    })
    const user = userEvent.setup()
    render(<ItemsView />)
    await screen.findByRole('button', { name: startsWith('Item 1') })
    const scroller = screen.getByTestId('items-scroller')
    // jsdom does not scroll: record what the view writes, and read back the last of it.
    let top = 0
    const writes: number[] = []
    Object.defineProperty(scroller, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (v: number) => {
        writes.push(v)
        top = v
      }
    })
    const box = screen.getByRole('searchbox', { name: 'Search items' })
    await user.type(box, '1')
    await waitFor(() => expect(screen.getByText(/^\d+ of 300$/)).toBeInTheDocument())
    // At the top already: writing it would only force a layout of the new rows.
    expect(writes).toEqual([])

    top = 900
    fireEvent.scroll(scroller)
    await user.type(box, '0')
    await waitFor(() => expect(writes).toContain(0))
    expect(top).toBe(0)
  })

  it('keeps filters and layout when coming back from a detail', async () => {
    installFakeBridge({
      listItems: async () => ok({ data: payload(catalogue()), freshness: freshness() })
    })
    const user = userEvent.setup()
    const first = render(<ItemsView />)
    await user.type(await screen.findByRole('searchbox', { name: 'Search items' }), 'templates')
    await user.click(screen.getByRole('button', { name: 'List' }))
    first.unmount()
    const bridge = installFakeBridge({
      listItems: async () => ok({ data: payload(catalogue()), freshness: freshness() })
    })
    render(<ItemsView />)
    expect(screen.getByRole('searchbox', { name: 'Search items' })).toHaveValue('templates')
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true')
    expect(cardNames()).toEqual(['Northwind Admin', 'Aurora Landing Page'])
    // Already loaded: no new request just for coming back.
    expect(bridge.calls.listItems).toBeUndefined()
  })
})

describe('sampleItems fixture', () => {
  it('renders the shared fixture', async () => {
    installFakeBridge()
    render(<ItemsView />)
    expect(
      await screen.findByRole('button', { name: startsWith(sampleItems().items[1]!.name) })
    ).toBeInTheDocument()
  })
})
