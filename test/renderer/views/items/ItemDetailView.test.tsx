import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ItemDetailView } from '../../../../renderer/src/views/items/ItemDetailView'
import { useItems } from '../../../../renderer/src/stores/items'
import { listFrom } from '../../../../renderer/src/stores/items-list'
import { summaryOf } from '../../../../shared/item-summary'
import { useNav } from '../../../../renderer/src/stores/nav'
import { useToasts } from '../../../../renderer/src/ui/toast'
import { mediaProtocolUrl } from '../../../../shared/media-url'
import type { Item } from '../../../../shared/model'
import {
  HOSTILE,
  deferred,
  err,
  freshness,
  installFakeBridge,
  ok,
  sampleItem
} from '../../fake-bridge'

type GetItemResult = Awaited<ReturnType<Window['sellerDesk']['getItem']>>

const imageItem = (): Item =>
  sampleItem({
    id: 12,
    name: 'Northwind Admin Dashboard',
    media: {
      thumbnail: 'https://market.test/m/12/thumb.jpg',
      preview_image: 'https://market.test/m/12/preview.jpg',
      preview_video: null,
      preview_audio: null,
      screenshots: ['https://market.test/m/12/s1.jpg', 'https://market.test/m/12/s2.jpg']
    },
    tags: ['admin', 'dark mode'],
    options: [
      { name: 'Layout', values: ['Responsive'] },
      { name: 'Browsers', values: ['Chrome', 'Firefox'] },
      { name: null, values: ['Documentation included', 'Files Included: Figma, Sketch'] }
    ],
    demo_link: 'https://demo.market.test/northwind'
  })

function serve(
  item: Item,
  extra: Partial<Parameters<typeof freshness>[0]> = {}
): (req: { id: number }) => Promise<GetItemResult> {
  return async (req) =>
    req.id === item.id
      ? ok({ data: item, freshness: freshness(extra) })
      : err('not-found', 'Item Not Found')
}

beforeEach(() => {
  useItems.getState().reset()
  useNav.setState({ view: 'item', itemId: 12, previous: 'items' })
  useToasts.setState({ toasts: [] })
})
afterEach(() => useItems.getState().reset())

describe('ItemDetailView', () => {
  it('shows a skeleton, then media first and every fact', async () => {
    const pending = deferred<GetItemResult>()
    const bridge = installFakeBridge({ getItem: () => pending.promise })
    render(<ItemDetailView id={12} />)
    expect(screen.getByRole('status', { name: 'Loading item' })).toBeInTheDocument()
    await act(async () => pending.resolve(ok({ data: imageItem(), freshness: freshness() })))

    expect(bridge.calls.getItem).toEqual([{ id: 12 }])
    expect(
      screen.getByRole('heading', { level: 1, name: 'Northwind Admin Dashboard' })
    ).toBeInTheDocument()
    const preview = screen.getByRole('button', { name: 'Open image 1 of 3 full size' })
    expect(preview.querySelector('img')).toHaveAttribute(
      'src',
      mediaProtocolUrl('https://market.test/m/12/preview.jpg')
    )
    expect(
      within(screen.getByRole('group', { name: 'Images' })).getAllByRole('button')
    ).toHaveLength(3)

    expect(screen.getByText('Regular licence').nextElementSibling).toHaveTextContent('$24.00')
    expect(screen.getByText('Extended licence').nextElementSibling).toHaveTextContent('$120.00')
    expect(screen.getByText('Version').nextElementSibling).toHaveTextContent('2.4.1')
    expect(screen.getByText('Published').nextElementSibling).toHaveTextContent('Mar 2, 2024')
    expect(screen.getByText('Templates › Admin')).toBeInTheDocument()
    expect(screen.getByText('dark mode')).toBeInTheDocument()
    expect(screen.getByText('Browsers').nextElementSibling).toHaveTextContent('Chrome, Firefox')
    // A spec-style "Name: values" string is split into its own term.
    expect(
      screen.getByText('Files Included', { selector: 'dt' }).nextElementSibling
    ).toHaveTextContent(/^Figma, Sketch$/)
    // An option list without names gets a plain heading.
    expect(screen.getByText('Options', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Documentation included'
    )
    expect(
      within(screen.getByRole('region', { name: 'Item description' })).getByText(
        'A responsive admin dashboard.'
      )
    ).toBeInTheDocument()
  })

  it('shows the item from the list at once while reading it again', async () => {
    const pending = deferred<GetItemResult>()
    installFakeBridge({ getItem: () => pending.promise })
    useItems.setState({
      list: listFrom(
        {
          rows: [summaryOf(imageItem())],
          offset: 0,
          matched: 1,
          total: 1,
          categories: [],
          skipped: [],
          listProblem: null
        },
        { query: '', category: '', kind: 'all', sort: 'newest' }
      ),
      status: 'ready'
    })
    render(<ItemDetailView id={12} />)
    expect(
      screen.getByRole('heading', { level: 1, name: 'Northwind Admin Dashboard' })
    ).toBeInTheDocument()
    expect(screen.getByText('Syncing…')).toBeInTheDocument()
    await act(async () =>
      pending.resolve(
        ok({ data: { ...imageItem(), name: 'Northwind Admin 3' }, freshness: freshness() })
      )
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Northwind Admin 3' })).toBeInTheDocument()
  })

  it('opens a full-size viewer: arrows step, Escape closes and focus returns', async () => {
    installFakeBridge({ getItem: serve(imageItem()) })
    const user = userEvent.setup()
    render(<ItemDetailView id={12} />)
    const preview = await screen.findByRole('button', { name: 'Open image 1 of 3 full size' })
    await user.click(preview)
    const dialog = screen.getByRole('dialog')
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Close viewer' })).toHaveFocus()

    await user.keyboard('{ArrowRight}')
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument()
    expect(within(dialog).getByRole('img')).toHaveAttribute(
      'src',
      mediaProtocolUrl('https://market.test/m/12/s1.jpg')
    )
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }))
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument()

    // Focus is trapped: Tab from the last control wraps to the first.
    within(dialog).getByRole('button', { name: 'Next image' }).focus()
    await user.tab()
    expect(within(dialog).getByRole('button', { name: 'Close viewer' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(within(dialog).getByRole('button', { name: 'Next image' })).toHaveFocus()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(useNav.getState().view).toBe('item')
    expect(screen.getByRole('button', { name: /full size/ })).toHaveFocus()
  })

  it('picks an image from the thumbnails strip', async () => {
    installFakeBridge({ getItem: serve(imageItem()) })
    const user = userEvent.setup()
    render(<ItemDetailView id={12} />)
    const strip = await screen.findByRole('group', { name: 'Images' })
    await user.click(within(strip).getByRole('button', { name: /image 3 of 3/ }))
    expect(within(strip).getByRole('button', { name: /image 3 of 3/ })).toHaveAttribute(
      'aria-pressed',
      'true'
    )
    expect(
      screen.getByRole('button', { name: 'Open image 3 of 3 full size' }).querySelector('img')
    ).toHaveAttribute('src', mediaProtocolUrl('https://market.test/m/12/s2.jpg'))
  })

  it('plays video items in a player with the preview image as poster', async () => {
    const video = sampleItem({
      id: 12,
      kind: 'video',
      name: 'Ocean Drone',
      media: {
        thumbnail: 'https://market.test/m/v/thumb.jpg',
        preview_image: 'https://market.test/m/v/poster.jpg',
        preview_video: 'https://market.test/m/v/clip.mp4',
        preview_audio: null,
        screenshots: []
      }
    })
    installFakeBridge({ getItem: serve(video) })
    const { container } = render(<ItemDetailView id={12} />)
    await screen.findByRole('heading', { level: 1, name: 'Ocean Drone' })
    const player = container.querySelector('video')!
    expect(player).toHaveAttribute('src', mediaProtocolUrl('https://market.test/m/v/clip.mp4'))
    expect(player).toHaveAttribute('poster', mediaProtocolUrl('https://market.test/m/v/poster.jpg'))
    expect(player).toHaveAttribute('controls')
    act(() => {
      player.dispatchEvent(new Event('error'))
    })
    expect(screen.getByText(/The video could not be loaded/)).toBeInTheDocument()
  })

  it('plays audio items with the thumbnail as cover', async () => {
    const audio = sampleItem({
      id: 12,
      kind: 'audio',
      name: 'Lofi Beats',
      media: {
        thumbnail: 'https://market.test/m/a/cover.jpg',
        preview_image: null,
        preview_video: null,
        preview_audio: 'https://market.test/m/a/preview.mp3',
        screenshots: []
      }
    })
    installFakeBridge({ getItem: serve(audio) })
    const { container } = render(<ItemDetailView id={12} />)
    await screen.findByRole('heading', { level: 1, name: 'Lofi Beats' })
    expect(container.querySelector('audio')).toHaveAttribute(
      'src',
      mediaProtocolUrl('https://market.test/m/a/preview.mp3')
    )
    expect(container.querySelector('img')).toHaveAttribute(
      'src',
      mediaProtocolUrl('https://market.test/m/a/cover.jpg')
    )
    expect(container.querySelector('video')).toBeNull()
  })

  it('opens the demo through the bridge and copies the id with a toast', async () => {
    const bridge = installFakeBridge({ getItem: serve(imageItem()) })
    const user = userEvent.setup()
    render(<ItemDetailView id={12} />)
    const demo = await screen.findByRole('button', { name: /Live demo/ })
    expect(demo).toHaveTextContent('demo.market.test')
    await user.click(demo)
    expect(bridge.calls.openExternal).toEqual([{ url: 'https://demo.market.test/northwind' }])

    await user.click(screen.getByRole('button', { name: 'Copy id' }))
    expect(await navigator.clipboard.readText()).toBe('12')
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual(['Copied item id 12'])
  })

  it('never offers a javascript: demo link as a button', async () => {
    installFakeBridge({ getItem: serve({ ...imageItem(), demo_link: 'javascript:alert(1)' }) })
    render(<ItemDetailView id={12} />)
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('button', { name: /Live demo/ })).toBeNull()
    expect(document.querySelector('a[href^="javascript"]')).toBeNull()
  })

  it('renders a hostile description inert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined)
    const bridge = installFakeBridge({
      getItem: serve({
        ...imageItem(),
        name: HOSTILE.text,
        description: `<p>Hi</p>${HOSTILE.img}${HOSTILE.script}${HOSTILE.jsLink}`
      })
    })
    const user = userEvent.setup()
    const { container } = render(<ItemDetailView id={12} />)
    const region = await screen.findByRole('region', { name: 'Item description' })
    expect(region.querySelector('img, script')).toBeNull()
    expect(container.querySelector('[href^="javascript"], [onerror], [onload]')).toBeNull()
    await user.click(within(region).getByText('click'))
    expect(bridge.calls.openExternal).toBeUndefined()
    expect(alert).not.toHaveBeenCalled()
    expect((window as Window & { __pwned?: number }).__pwned).toBeUndefined()
    alert.mockRestore()
  })

  it('says when the item is not found, with Retry and Back', async () => {
    const bridge = installFakeBridge({ getItem: async () => err('not-found', 'Item Not Found') })
    const user = userEvent.setup()
    render(<ItemDetailView id={99} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Item Not Found')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(bridge.calls.getItem).toEqual([{ id: 99 }, { id: 99 }])
    await user.click(
      within(await screen.findByRole('alert')).getByRole('button', { name: 'Back to items' })
    )
    expect(useNav.getState().view).toBe('items')
  })

  it('shows cached data with its age, then revalidates', async () => {
    const bridge = installFakeBridge({
      getItem: async (req) =>
        ok({
          data: imageItem(),
          freshness: req.refresh
            ? freshness({
                fetchedAt: '2024-11-12T14:02:00Z',
                source: 'cache',
                offline: true,
                refreshError: 'No network'
              })
            : freshness({ fetchedAt: '2024-11-12T14:02:00Z', source: 'cache' })
        })
    })
    render(<ItemDetailView id={12} />)
    expect(await screen.findByText(/^Offline since .+ · data from/)).toBeInTheDocument()
    expect(bridge.calls.getItem).toEqual([{ id: 12 }, { id: 12, refresh: true }])
  })
})
